import { Outlet } from 'react-router';

export default function StoreLayout() {
  return <Outlet />;
}
