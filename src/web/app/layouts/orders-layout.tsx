import { Outlet } from 'react-router';

export default function OrdersLayout() {
  return <Outlet />;
}
