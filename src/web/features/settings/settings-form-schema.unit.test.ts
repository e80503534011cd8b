import { describe, expect, it } from 'vitest';
import { settingsFormSchema, toFormValues } from './settings-form-schema';

const due = { lead_time_days: 5, earliest_due_date: '2026-12-03' };

describe('settings form', () => {
  it('turns a percent into the fraction the API takes', () => {
    expect(
      settingsFormSchema.parse({
        tax_rate: '7.85',
        shipping_cost: '8',
        name_cost: '6.50',
        us_flag_cost: '7',
        az_flag_cost: '0',
        lead_time_days: '5',
        account_terms_days: '30',
        shop_notify_email: ' Orders@Shop.Example ',
      }),
    ).toEqual({
      tax_rate: 0.0785,
      shipping_cost: 8,
      name_cost: 6.5,
      us_flag_cost: 7,
      az_flag_cost: 0,
      lead_time_days: 5,
      account_terms_days: 30,
      shop_notify_email: 'orders@shop.example',
    });
  });

  it('clears the notice address when the box is empty', () => {
    const r = settingsFormSchema.parse({
      tax_rate: '7.8',
      shipping_cost: '8',
      name_cost: '6',
      us_flag_cost: '6',
      az_flag_cost: '6',
      lead_time_days: '5',
      account_terms_days: '30',
      shop_notify_email: '  ',
    });
    expect(r.shop_notify_email).toBeNull();
  });

  it.each([
    [{ tax_rate: '25.01' }, 'Tax rate must be between 0% and 25%'],
    [{ account_terms_days: '' }, 'Account terms must be a whole number of days from 0 to 365'],
    [{ account_terms_days: '366' }, 'Account terms must be a whole number of days from 0 to 365'],
    [{ account_terms_days: '7.5' }, 'Account terms must be a whole number of days from 0 to 365'],
    [{ tax_rate: '' }, 'Tax rate is required'],
    [{ tax_rate: 'abc' }, 'Tax rate must be a number'],
    [{ tax_rate: '7.855' }, 'Tax rate can have at most two decimals as a percent'],
    [{ shipping_cost: '-1' }, 'Shipping cost must be between 0 and 1000'],
    [{ name_cost: '6.001' }, 'Name price can have at most two decimals'],
    [{ us_flag_cost: '-1' }, 'US flag price must be between 0 and 1000'],
    [{ az_flag_cost: '' }, 'Arizona flag price is required'],
    [{ shop_notify_email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ lead_time_days: '61' }, 'Lead time must be a whole number of working days from 0 to 60'],
    [{ lead_time_days: '2.5' }, 'Lead time must be a whole number of working days from 0 to 60'],
    [{ lead_time_days: '' }, 'Lead time must be a whole number of working days from 0 to 60'],
  ])('refuses %j', (change, message) => {
    const r = settingsFormSchema.safeParse({
      tax_rate: '7.8',
      shipping_cost: '8',
      name_cost: '6',
      us_flag_cost: '6',
      az_flag_cost: '6',
      lead_time_days: '5',
      account_terms_days: '30',
      shop_notify_email: '',
      ...change,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('shows the stored values as the admin types them', () => {
    const costs = { customization_cost: 6.5, name_cost: 6.5, us_flag_cost: 4, az_flag_cost: 0 };
    expect(
      toFormValues({
        ...due,
        tax_rate: 0.078,
        shipping_cost: 8,
        ...costs,
        shop_notify_email: 'a@b.example',
        account_terms_days: 45,
      }),
    ).toEqual({
      tax_rate: '7.8',
      shipping_cost: '8.00',
      name_cost: '6.50',
      us_flag_cost: '4.00',
      az_flag_cost: '0.00',
      lead_time_days: '5',
      account_terms_days: '45',
      shop_notify_email: 'a@b.example',
    });
    expect(toFormValues({ ...due, tax_rate: 0.0785, shipping_cost: 0, ...costs }).tax_rate).toBe('7.85');
  });
});
