import { describe, expect, it } from 'vitest';
import { pinEmail } from '../auth/pin-email';
import { orderReceivedMail, statusMail } from '../orders/mails';
import { sampleCustomer, sampleOrder } from '../test/sample-order';

// A customer who reads the shop in Spanish gets its mails in Spanish: the words, the shared words (status, sides,
// adjustments), the dates and the footer. The English of the same mails is pinned word for word in mails.unit.test.ts.

const APP = 'http://shop.test';

describe('customer mails in Spanish', () => {
  it('sign-in code: subject, text and the HTML language', () => {
    const mail = pinEmail('ana@example.test', '123456', 'es');
    expect(mail.subject).toBe('Su código de acceso a Copper State Uniforms');
    expect(mail.text).toContain('Su código de acceso a Copper State Uniforms es:');
    expect(mail.text).toContain('El código vence en 10 minutos y se puede usar una sola vez.');
    expect(mail.text).toContain('Teléfono (602) 555-0148');
    expect(mail.html).toMatch(/<html [^>]*lang="es"/);
    expect(mail.text).not.toMatch(/sign-in code|expires/);
  });

  it('order received: facts, lines, money, the estimate in Spanish and the footer hours', () => {
    const mail = orderReceivedMail(sampleOrder(), sampleCustomer, APP, undefined, 'es');
    expect(mail.subject).toBe('Pedido CSU-20261126-0007 recibido');
    for (const line of [
      'Gracias por su pedido.',
      'Pedido: CSU-20261126-0007',
      '- 2 x Duty Polo - Navy, talla M: $100.00',
      'Subtotal: $100.00',
      'Total: $115.80',
      `Su pedido: ${APP}/orders?order=7`,
      'Abierto de lunes a viernes, de 08:00 a 17:00',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(/Listo para \(estimado\): mié, 2 de dic de 2026/);
    expect(mail.text).toMatch(/Estado: (Recibido|Esperando|Aprobado)/);
    expect(mail.text).not.toMatch(/Thank you|Ready by|Status:|Open Monday/);
  });

  it('approval result: the approved heading and news', () => {
    const mail = statusMail(sampleOrder(), sampleCustomer, {
      approvedBy: 'chief@mesa.gov',
      appUrl: APP,
      language: 'es',
    });
    expect(mail.subject).toBe('Pedido CSU-20261126-0007 aprobado');
    expect(mail.text).toContain('Su pedido fue aprobado y ya está en nuestra cola.');
  });

  it('a denial: the heading in Spanish and the reason as the approver wrote it', () => {
    const denied = sampleOrder({ status: 'denied' });
    const mail = statusMail(denied, sampleCustomer, { reason: 'Wrong size', appUrl: APP, language: 'es' });
    expect(mail.subject).toBe('Pedido CSU-20261126-0007 rechazado');
    expect(mail.text).toContain('Su pedido fue rechazado. Puede modificarlo y enviarlo de nuevo desde Mis pedidos.');
    expect(mail.text).toContain('Motivo: Wrong size');
  });
});
