import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiGet, apiPut, apiUrl, type ApiAnswer, type ApiBody } from './api';

// The web's calls take their types from the server's routes (api-schema.d.ts, generated from the OpenAPI document).
// Each @ts-expect-error below is a renamed route, parameter or field: were the contract to stop catching it, the
// directive itself would fail `tsc --noEmit`. The calls sit in a function that never runs: this file fetches nothing.
function calls() {
  void apiPut('/cart/items/{id}', { quantity: 2 }, { path: { id: 7 } });
  // @ts-expect-error a renamed body field
  void apiPut('/cart/items/{id}', { qty: 2 }, { path: { id: 7 } });
  // @ts-expect-error a renamed route
  void apiGet('/cart/lines/');
  // @ts-expect-error a route the method does not answer
  void apiPut('/orders/checkout-info');
  // @ts-expect-error a renamed path parameter
  void apiGet('/orders/{id}', { path: { orderId: 7 } });
  // @ts-expect-error a missing path parameter
  void apiGet('/orders/{id}');
  // @ts-expect-error a renamed query field
  void apiGet('/orders/admin/all', { query: { state: 'pending' } });
  void apiGet('/orders/admin/all', { query: { status: 'pending', limit: 1 } });
  return apiGet('/orders/{id}', { path: { id: 7 } }).then(({ order }) => {
    // @ts-expect-error a renamed answer field
    return order.state;
  });
}

describe('the typed client', () => {
  it('types answers and bodies from the contract', () => {
    expectTypeOf(calls).toBeFunction();
    expectTypeOf<ApiBody<'/cart/items/{id}', 'put'>>().toEqualTypeOf<{ quantity: number }>();
    expectTypeOf<ApiAnswer<'/orders/{id}', 'get'>['order']['id']>().toEqualTypeOf<number>();
  });

  it('fills the path parameters and appends the query, leaving out undefined values', () => {
    expect(apiUrl('/orders/{id}/pay', { path: { id: 7 } })).toBe('/orders/7/pay');
    expect(apiUrl('/invoices/{token}', { path: { token: 'a/b c' } })).toBe('/invoices/a%2Fb%20c');
    expect(apiUrl('/orders/admin/all', { query: { status: 'pending', search: undefined, limit: 1 } })).toBe(
      '/orders/admin/all?status=pending&limit=1',
    );
    expect(apiUrl('/users/', { query: new URLSearchParams({ search: 'a&b' }) })).toBe('/users/?search=a%26b');
    expect(apiUrl('/cart/', undefined)).toBe('/cart/');
  });
});
