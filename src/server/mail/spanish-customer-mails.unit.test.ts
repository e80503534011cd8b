import { describe, expect, it } from 'vitest';
import type { Customization } from '../../shared/cart';
import type { Order } from '../../shared/orders';
import type { QuoteDetail } from '../../shared/quotes';
import { proofReadyMail } from '../artwork/mails';
import { contactReceiptMail, replyMail } from '../contact/mail';
import { dueDateChangedMail } from '../due-dates/due-date-mail';
import { editDetails, lineChanges, type DescribedLine } from '../order-edits/edit-details';
import { linesRemovedMail } from '../order-edits/lines-removed-mail';
import { approvalRequestMail, orderEditedMail } from '../orders/mails';
import { OVER_ALLOWANCE_NOTE } from '../orders/place-order';
import { moneyMail, receiptMail } from '../payments/mails';
import { quoteSentMail } from '../quotes/mails';
import { statementMail } from '../department-reports/monthly-statements';
import { sampleCustomer, sampleOrder } from '../test/sample-order';
import type { OutgoingMail } from './outbox';

// The customer mails beyond the sign-in code, the order received and the status changes (spanish-mails.unit.test.ts):
// each read back in Spanish (subject, words, money, days, footer, <html lang>) and in English as it always was.

const APP = 'http://shop.test';
const customer = sampleCustomer;

/** Words of the English mails that must not be left in a Spanish one. */
const ENGLISH =
  /\b(Order|Your|Thank|Reason|Changes|Comments|Removed|Open Monday|Ready by|Left to pay|Paid \(|e-mail)\b/;

function expectSpanish(mail: OutgoingMail, subject: string, lines: string[]) {
  expect(mail.subject).toBe(subject);
  for (const line of lines) expect(mail.text).toContain(line);
  expect(mail.html).toMatch(/<html [^>]*lang="es"/);
  expect(mail.text).toContain('Abierto de lunes a viernes, de 08:00 a 17:00');
  expect(mail.text).not.toMatch(ENGLISH);
}

function expectEnglish(mail: OutgoingMail, subject: string, lines: string[]) {
  expect(mail.subject).toBe(subject);
  for (const line of lines) expect(mail.text).toContain(line);
  expect(mail.html).toMatch(/<html [^>]*lang="en"/);
}

const name: Customization = { type: 'add_name', position: 'left_side', text: 'RAMIREZ' };
const line = (productId: number, productName: string, size: string, quantity: number, c: Customization[] = []) =>
  ({ productId, productName, size, quantity, customizations: c }) satisfies DescribedLine;
const before = [line(1, 'Polo', 'M', 2, [name]), line(2, 'Tee', 'S', 1), line(3, 'Cap', 'OS', 1)];
const after = [line(1, 'Polo', 'L', 2), line(2, 'Tee', 'S', 3), line(4, 'Hat', 'OS', 1, [name])];

/** An order with a card payment, a credit and a refund on its account, and more paid than owed. */
const settled: Order = sampleOrder(
  {},
  {
    amount_paid: 100,
    balance: 0,
    refund_due: true,
    refund_due_amount: 5,
    entries: [
      {
        id: 1,
        kind: 'payment',
        method: 'stripe',
        amount: 100,
        reference: null,
        reason: null,
        created_at: '2026-11-27T17:00:00.000Z',
      },
      {
        id: 2,
        kind: 'credit',
        method: 'other',
        amount: 10,
        reference: null,
        reason: null,
        created_at: '2026-11-27T17:00:00.000Z',
      },
      {
        id: 3,
        kind: 'refund',
        method: 'stripe',
        amount: 5,
        reference: null,
        reason: null,
        created_at: '2026-11-28T17:00:00.000Z',
      },
    ],
  },
);

describe('what a staff edit changed, in words', () => {
  it('reads in Spanish for the customer and in the same English as before for the timeline', () => {
    expect(editDetails(lineChanges(before, after, 'es'), 1000, 2000, 'es')).toBe(
      'Tee S: cantidad 1 -> 3; Polo M: talla M -> L, personalizaciones Nombre bordado "RAMIREZ" (izquierdo) -> ninguna; ' +
        'se quitó Cap OS x1; se agregó Hat OS x1 (Nombre bordado "RAMIREZ" (izquierdo)); total $10.00 -> $20.00',
    );
    expect(editDetails(lineChanges(before, after), 1000, 2000)).toBe(
      'Tee S: quantity 1 -> 3; Polo M: size M -> L, customizations Embroidered name "RAMIREZ" (left) -> none; ' +
        'removed Cap OS x1; added Hat OS x1 (Embroidered name "RAMIREZ" (left)); total $10.00 -> $20.00',
    );
  });
});

describe('order edited', () => {
  const waiting = sampleOrder({ status: 'awaiting_approval', department_name: 'Mesa Fire' });
  it('in Spanish: the changes, the reason, the comments and the order', () => {
    const details = editDetails(lineChanges(before, after, 'es'), 1000, 2000, 'es');
    const mail = orderEditedMail(waiting, customer, {
      details,
      comments: 'As asked',
      reason: 'Asked',
      appUrl: APP,
      language: 'es',
    });
    expectSpanish(mail, 'Pedido CSU-20261126-0007 modificado', [
      'La tienda modificó los artículos de su pedido.',
      'Motivo: Asked',
      `Cambios: ${details}`,
      'Comentarios: As asked',
      'Su pedido se envió a Mesa Fire para su aprobación. Le escribiremos en cuanto se decida.',
      '- 2 x Duty Polo - Navy, talla M: $100.00',
      'Listo para (estimado): mié, 2 de dic de 2026',
    ]);
  });
  it('in English as before', () => {
    const mail = orderEditedMail(waiting, customer, { details: 'x', comments: null, reason: 'Asked', appUrl: APP });
    expectEnglish(mail, 'Order CSU-20261126-0007 changed', [
      'The shop changed the items of your order.\nReason: Asked\nChanges: x\nYour order has been sent to Mesa Fire',
    ]);
  });
});

describe('lines removed by the approver', () => {
  const removed = [{ line: line(1, 'Duty Polo', 'M', 1, [name]), reason: 'Not this year' }];
  const opts = { removed, approver: 'chief@mesa.gov', totalBeforeCents: 45_000, appUrl: APP };
  it("in Spanish: each line named in Spanish, the approver's reason as they wrote it, old and new totals", () => {
    expectSpanish(
      linesRemovedMail(sampleOrder(), customer, { ...opts, language: 'es' }),
      'Pedido CSU-20261126-0007: líneas quitadas por la persona que aprueba',
      [
        'La persona que aprueba sus pedidos (chief@mesa.gov) aprobó su pedido sin estas líneas:',
        'Se quitó: Duty Polo M x1 (Nombre bordado "RAMIREZ" (izquierdo)). Motivo (de la persona que aprueba): "Not this year"',
        'Se volvió a calcular el precio del pedido: total $450.00 -> $115.80.',
        'Si aun así quiere los artículos quitados, haga un pedido nuevo con ellos.',
      ],
    );
  });
  it('in English as before', () => {
    expectEnglish(
      linesRemovedMail(sampleOrder(), customer, opts),
      'Order CSU-20261126-0007: lines removed by your approver',
      [
        'Your approver (chief@mesa.gov) approved your order without these lines:',
        'Removed: Duty Polo M x1 (Embroidered name "RAMIREZ" (left)). Reason (from your approver): "Not this year"',
        'The order was priced again: total $450.00 -> $115.80.',
        'To have the removed items after all, place a new order for them.',
      ],
    );
  });
});

describe('new due date', () => {
  const opts = { was: '2026-11-30', comments: 'Machine down', appUrl: APP };
  it('in Spanish: both days as Spanish days', () => {
    expectSpanish(
      dueDateChangedMail(sampleOrder(), customer, { ...opts, language: 'es' }),
      'Pedido CSU-20261126-0007: nueva fecha de entrega',
      [
        'La tienda cambió la fecha en que su pedido estará listo: mié, 2 de dic de 2026 (antes era lun, 30 de nov de 2026).',
        'Comentarios: Machine down',
      ],
    );
  });
  it('in English as before', () => {
    expectEnglish(dueDateChangedMail(sampleOrder(), customer, opts), 'Order CSU-20261126-0007: new due date', [
      'The shop changed when your order will be ready: Wed, Dec 2, 2026 (it was Mon, Nov 30, 2026).',
      'Comments: Machine down',
    ]);
  });
});

describe('refund, credit and receipt', () => {
  it('a refund in Spanish: what was given back and the account line by line', () => {
    const mail = moneyMail(settled, customer, { kind: 'refund', cents: 500, reason: 'Late' }, APP, 'es');
    expectSpanish(mail, 'Reembolso de $5.00 en el pedido CSU-20261126-0007', [
      'Le devolvimos $5.00 de su pedido CSU-20261126-0007.',
      'Motivo: Late',
      'Le reembolsaremos los $5.00 pagados de más.',
      'Total del pedido: $115.80\nCrédito: -$10.00\nAdeudado: $115.80\nPagado (tarjeta en línea con Stripe): $100.00\n' +
        'Este reembolso: -$5.00\nSe le reembolsará: $5.00',
    ]);
  });
  it('a credit in Spanish', () => {
    const mail = moneyMail(settled, customer, { kind: 'credit', cents: 1000, reason: null }, APP, 'es');
    expectSpanish(mail, 'Crédito de $10.00 en el pedido CSU-20261126-0007', [
      'Descontamos $10.00 de lo que se debe por su pedido CSU-20261126-0007.',
      'Este crédito: -$10.00',
      'Reembolsado: -$5.00',
    ]);
  });
  it('a receipt in Spanish, and what is left to pay', () => {
    const mail = receiptMail(sampleOrder({}, { amount_paid: 50, balance: 65.8 }), customer, 5000, APP, 'es');
    expectSpanish(mail, 'Recibo: $50.00 pagados en el pedido CSU-20261126-0007', [
      'Gracias: recibimos $50.00 con tarjeta por su pedido CSU-20261126-0007.',
      'Falta pagar: $65.80',
    ]);
  });
  it('in English as before', () => {
    expectEnglish(
      moneyMail(settled, customer, { kind: 'refund', cents: 500, reason: 'Late' }, APP),
      'Refund of $5.00 on order CSU-20261126-0007',
      [
        'We gave back $5.00 on your order CSU-20261126-0007.',
        'Order total: $115.80\nCredit: -$10.00\nOwed: $115.80\nPaid (card online (stripe)): $100.00\n' +
          'This refund: -$5.00\nTo be refunded to you: $5.00',
      ],
    );
    expectEnglish(
      receiptMail(sampleOrder({}, { amount_paid: 50, balance: 65.8 }), customer, 5000, APP),
      'Receipt: $50.00 paid on order CSU-20261126-0007',
      ['Thank you: we received $50.00 by card for your order CSU-20261126-0007.', 'Left to pay: $65.80'],
    );
  });
});

describe("contact receipt and the shop's reply", () => {
  it('the receipt in Spanish, their message quoted', () => {
    const mail = contactReceiptMail({ email: 'mary@example.test', body: '¿Bordan gorras?' }, 'es');
    expectSpanish(mail, 'Recibimos su mensaje - Copper State Uniforms', [
      'Gracias por escribir a Copper State Uniforms. Su mensaje nos llegó; le responderemos por correo electrónico a esta dirección.',
      'Su mensaje:\n> ¿Bordan gorras?',
      'Puede responder a este correo para agregar algo a su mensaje.',
      '¿Tiene prisa? Llámenos al (602) 555-0148 en nuestro horario de atención.',
    ]);
    expectEnglish(
      contactReceiptMail({ email: 'mary@example.test', body: 'Caps?' }),
      'We received your message - Copper State Uniforms',
      ['Thank you for writing to Copper State Uniforms.', 'In a hurry? Call us at (602) 555-0148 while we are open.'],
    );
  });
  it('the reply in Spanish: greeting, the way back to the conversation, the subject for an order', () => {
    const reply = { to: 'mary@example.test', name: 'Mary', reply: 'Sí, desde $18.', original: '¿Gorras?' };
    const mail = replyMail({ ...reply, messagesUrl: `${APP}/messages`, language: 'es' });
    expectSpanish(mail, 'Re: su mensaje a Copper State Uniforms', [
      'Respuesta de Copper State Uniforms',
      'Hola, "Mary":',
      `Puede responder a este correo, o leer y responder toda la conversación en la tienda: ${APP}/messages`,
      'Su mensaje:\n> ¿Gorras?',
    ]);
    const aboutOrder = replyMail({ ...reply, messagesUrl: null, language: 'es', orderNumber: 'CSU-1', fromShop: true });
    expect(aboutOrder.subject).toBe('Sobre su pedido CSU-1 en Copper State Uniforms');
    expect(aboutOrder.text).toContain('Puede responder a este correo.');
    expect(replyMail({ ...reply, messagesUrl: null, language: 'es', fromShop: true }).subject).toBe(
      'Un mensaje de Copper State Uniforms',
    );
    expect(replyMail({ ...reply, messagesUrl: null, orderNumber: 'CSU-1', fromShop: true }).subject).toBe(
      'About your order CSU-1 at Copper State Uniforms',
    );
    expect(replyMail({ ...reply, messagesUrl: null, fromShop: true }).subject).toBe(
      'A message from Copper State Uniforms',
    );
  });
});

describe('a proof to review', () => {
  const proof = {
    to: 'dana@example.test',
    artworkName: 'Station logo',
    artworkId: 4,
    round: 2,
    proof: { stitch_count: 12200, thread_colours: ['Navy', 'White'], width_in: 3.5, height_in: 2, note: 'Thinner.' },
    link: `${APP}/proof/t`,
    appUrl: APP,
    expiresAt: new Date('2026-12-10T17:00:00Z'),
  };
  it('in Spanish: the size, the stitches and the last day in Spanish', () => {
    expectSpanish(proofReadyMail({ ...proof, language: 'es' }), 'Su prueba está lista: "Station logo"', [
      'Digitalizamos su diseño "Station logo" para bordarlo. La prueba 2 está lista para que la revise.',
      `Revisar la prueba: ${APP}/proof/t`,
      '- Tamaño: 3.5 pulg. de ancho x 2 pulg. de alto',
      '- Puntadas: 12,200',
      'Nota de la tienda: Thinner.',
      `O inicie sesión y abra Mis diseños: ${APP}/artwork/4`,
      'El botón funciona una sola vez, hasta el 10 de diciembre de 2026, y deja de funcionar cuando se decide sobre la prueba.',
    ]);
  });
  it('in English as before', () => {
    expectEnglish(proofReadyMail(proof), 'Your proof is ready: "Station logo"', [
      '- Size: 3.5 in wide x 2 in high',
      '- Stitches: 12,200',
      'The button works once, until December 10, 2026, and stops working when the proof is decided.',
    ]);
  });
});

describe('a quote', () => {
  const quote = {
    id: 7,
    quote_number: 'Q-20261126-0007',
    status: 'sent',
    valid_until: '2026-12-27',
    message: 'Our best price.',
    customer: { id: 3, name: 'Dana', email: 'dana@example.test' },
    lines: [
      {
        product_name: 'Station Polo',
        size: 'L',
        quantity: 12,
        customizations: [{ type: 'add_name', position: 'left_side', text: 'DANA' }],
        unit_price: 36,
        total_price: 432,
      },
    ],
    subtotal: 432,
    adjustments: [
      { kind: 'quantity_break', label: 'Station Polo x 12, 12 or more: $33.00 each (10% off)', amount: -36 },
      { kind: 'discount', label: 'Discount', amount: -20 },
      { kind: 'tax', label: 'Tax (7.8%)', amount: 33.7 },
    ],
    total: 465.7,
  } as unknown as QuoteDetail;
  it('in Spanish: lines, figures and the last day', () => {
    expectSpanish(quoteSentMail(quote, `${APP}/quote/t`, APP, 'es'), 'Su cotización Q-20261126-0007 está lista', [
      'Gracias por su consulta. Este es nuestro precio.',
      'Válida hasta: dom, 27 de dic de 2026.',
      'De la tienda',
      '- 12 x Station Polo, talla L, $36.00 cada uno: $432.00',
      'Nombre bordado "DANA" (izquierdo)',
      'Station Polo x 12, 12 o más: $33.00 cada uno (10% de descuento): -$36.00',
      'Descuento: -$20.00',
      'Subtotal: $432.00',
      'Impuesto (7.8%): $33.70\nTotal: $465.70',
      `Su cotización en la tienda: ${APP}/quotes/7`,
      `Imprimir la cotización: ${APP}/quote/t`,
    ]);
  });
  it('in English as before', () => {
    expectEnglish(quoteSentMail(quote, `${APP}/quote/t`, APP), 'Your quote Q-20261126-0007 is ready', [
      'Valid until Sun, Dec 27, 2026.',
      '- 12 x Station Polo, size L, $36.00 each: $432.00',
      'Embroidered name "DANA" (left)',
      'Station Polo x 12, 12 or more: $33.00 each (10% off): -$36.00',
      'Discount: -$20.00',
      `Your quote in the shop: ${APP}/quotes/7`,
    ]);
  });
});

describe('approval request', () => {
  const order = sampleOrder({ status: 'awaiting_approval', department_name: 'Mesa Fire' }, { method: 'account' });
  const grew = { why: 'grewOver', fromCents: 10_000, toCents: 11_580 } as const;
  it('in Spanish when the approver reads Spanish: why it comes again, the cost and the buttons', () => {
    const mail = approvalRequestMail(order, customer, 'chief@mesa.gov', 'tok', APP, grew, 'es');
    expect(mail.subject).toBe('Se necesita su aprobación: pedido CSU-20261126-0007');
    for (const l of [
      'El total subió de $100.00 a $115.80 con un cambio de la tienda. Supera la asignación: el departamento aprueba ' +
        'los pedidos que pasan del saldo. El pedido del cliente "Dana Ramirez" necesita de nuevo su aprobación para ' +
        'Mesa Fire; los enlaces de correos anteriores ya no funcionan. Al abrir un enlace verá el pedido',
      'Total del pedido: $115.80',
      'Paga el miembro:',
      `Aprobar: ${APP}/approval/tok`,
      `Rechazar: ${APP}/denial/tok`,
      'Departamento: Mesa Fire',
    ])
      expect(mail.text).toContain(l);
    expect(mail.html).toMatch(/<html [^>]*lang="es"/);
    expect(mail.text).not.toMatch(/Approv|needs your|Order total/);
  });
  it('in English as before, the reasons word for word', () => {
    const first = approvalRequestMail(order, customer, 'chief@mesa.gov', 'tok', APP);
    expect(first.subject).toBe('Approval needed: order CSU-20261126-0007');
    expect(first.text).toContain(
      'The customer "Dana Ramirez" placed an order that needs your approval for Mesa Fire. Opening a link shows the ' +
        'order; nothing is decided until you press the button there. The links work once and expire in 7 days.',
    );
    const resent = approvalRequestMail(order, customer, 'chief@mesa.gov', 'tok', APP, { why: 'resent' });
    expect(resent.text).toContain(
      'The shop sent this request again. The order of the customer "Dana Ramirez" needs your approval again for ' +
        'Mesa Fire; links from earlier e-mails no longer work.',
    );
    const over = approvalRequestMail(order, customer, 'chief@mesa.gov', 'tok', APP, grew);
    expect(over.text).toContain(`The total grew from $100.00 to $115.80 with a staff edit. ${OVER_ALLOWANCE_NOTE}.`);
    const again = approvalRequestMail(order, customer, 'chief@mesa.gov', 'tok', APP, { ...grew, why: 'grew' });
    expect(again.text).toContain(
      'The total grew from $100.00 to $115.80 with a staff edit, so the order needs approval again. The order of',
    );
  });
});

describe("a department's monthly statement", () => {
  const row = (over: Partial<Parameters<typeof statementMail>[2][number]> = {}) => ({
    orderNumber: 'CSU-20261103-0001',
    createdAt: new Date('2026-11-03T17:00:00Z'),
    status: 'pending' as const,
    totalCents: 4000,
    allowanceCents: 6000,
    email: 'dana@example.test',
    first: 'Dana',
    last: 'Ramirez',
    ...over,
  });
  const list = [row(), row({ orderNumber: 'CSU-20261104-0002', status: 'denied', allowanceCents: 0 })];
  it('in Spanish for an approver who reads Spanish: the month, the count, the statuses, the split', () => {
    expectSpanish(
      statementMail('Mesa Fire', '2026-11', list, 'chief@mesa.gov', true, 'es'),
      'Mesa Fire: pedidos de noviembre de 2026 hasta hoy',
      [
        'Los miembros de Mesa Fire hicieron 2 pedidos en noviembre de 2026. Gasto (pedidos aprobados): $100.00.',
        '- CSU-20261103-0001 · 3 nov 2026 · "Dana Ramirez" · Pendiente · $100.00 (asignación $60.00, paga el miembro $40.00)',
        '- CSU-20261104-0002 · 3 nov 2026 · "Dana Ramirez" · Rechazado · $40.00',
        'Recibe este resumen mensual porque aprueba los pedidos del departamento; la tienda puede desactivarlo.',
      ],
    );
    expect(statementMail('Mesa Fire', '2026-11', [row()], 'c@x.test', false, 'es').text).toContain(
      'Los miembros de Mesa Fire hicieron 1 pedido en noviembre de 2026.',
    );
    expect(statementMail('Mesa Fire', '2026-11', [], 'c@x.test', false, 'es').text).toContain(
      'Los miembros de Mesa Fire no hicieron pedidos en noviembre de 2026.',
    );
  });
  it('in English as before', () => {
    expectEnglish(statementMail('Mesa Fire', '2026-11', list, 'chief@mesa.gov'), 'Mesa Fire: orders in November 2026', [
      '2 orders were placed by members of Mesa Fire in November 2026. Spend (approved orders): $100.00.',
      '- CSU-20261103-0001 · Nov 3, 2026 · "Dana Ramirez" · Pending · $100.00 (allowance $60.00, member pays $40.00)',
      'You get this monthly statement as an approver of the department; the shop can turn it off.',
    ]);
    expect(statementMail('Mesa Fire', '2026-11', [row()], 'c@x.test', true).subject).toBe(
      'Mesa Fire: orders in November 2026 so far',
    );
    expect(statementMail('Mesa Fire', '2026-11', [row()], 'c@x.test').text).toContain(
      '1 order was placed by members of Mesa Fire in November 2026.',
    );
  });
});
