import type { OrderStatus } from '@shared/orders';

/** The statuses a sheet or pick list can cover: what is still to be made or just made. */
export const PRODUCTION_CHOICES: OrderStatus[] = ['awaiting_approval', 'pending', 'in_production', 'ready_for_pickup'];
