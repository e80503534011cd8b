import { z } from 'zod';
import {
  adminUserAnswer,
  allowedEmailAnswer,
  allowedEmailsAnswer,
  departmentAnswer,
  departmentsAnswer,
  signinPolicyAnswer,
  usersAnswer,
} from '@shared/admin';
import { authCheckAnswer, authConfigAnswer, authUserAnswer, doneAnswer, requestPinAnswer } from '@shared/auth';
import { cartAnswer, cartChangeAnswer } from '@shared/cart';
import { productsAnswer } from '@shared/cart-catalog';
import {
  contactSentAnswer,
  conversationsAnswer,
  markReadAnswer,
  messageAnswer,
  replySentAnswer,
  statisticsAnswer,
  threadAnswer,
} from '@shared/contact';
import { adminOrdersAnswer, approvalAnswer, checkoutInfoAnswer, orderAnswer, ordersAnswer } from '@shared/orders';
import { profileAnswer } from '@shared/profile';
import { quoteAnswer } from '@shared/quote';
import { settingsAnswer } from '@shared/settings';

// The answer schemas of src/shared by name, for the calls in lib/api.ts that name theirs. Only development loads this
// module (lib/api.ts imports it with import() behind import.meta.env.DEV): production bundles carry neither these
// schemas nor Zod on screens that do not otherwise need it. Types are read from it with `import type`, which is erased.
const answers = {
  requestPin: requestPinAnswer,
  authUser: authUserAnswer,
  authCheck: authCheckAnswer,
  authConfig: authConfigAnswer,
  done: doneAnswer,
  profile: profileAnswer,
  settings: settingsAnswer,
  products: productsAnswer,
  cart: cartAnswer,
  cartChange: cartChangeAnswer,
  checkoutInfo: checkoutInfoAnswer,
  quote: quoteAnswer,
  order: orderAnswer,
  orders: ordersAnswer,
  adminOrders: adminOrdersAnswer,
  approval: approvalAnswer,
  users: usersAnswer,
  adminUser: adminUserAnswer,
  allowedEmails: allowedEmailsAnswer,
  allowedEmail: allowedEmailAnswer,
  signinPolicy: signinPolicyAnswer,
  departments: departmentsAnswer,
  department: departmentAnswer,
  contactSent: contactSentAnswer,
  conversations: conversationsAnswer,
  thread: threadAnswer,
  statistics: statisticsAnswer,
  markRead: markReadAnswer,
  replySent: replySentAnswer,
  message: messageAnswer,
};

export type AnswerName = keyof typeof answers;
export type Answer<N extends AnswerName> = z.output<(typeof answers)[N]>;

/** Logs, never throws: an answer that does not match its schema means the server and the web client drifted apart. */
export function checkAnswer(name: AnswerName, call: string, data: unknown): void {
  const result = answers[name].safeParse(data);
  if (!result.success)
    console.error(
      `API answer of ${call} does not match the '${name}' schema in src/shared:\n${z.prettifyError(result.error)}`,
    );
}
