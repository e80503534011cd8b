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
import { buyAgainAnswer, mySizesAnswer } from '@shared/fit';
import { adminProductAnswer, adminProductsAnswer } from '@shared/catalog-admin';
import {
  contactSentAnswer,
  conversationChangedAnswer,
  conversationsAnswer,
  customerMessagedAnswer,
  orderMessagesAnswer,
  heldListAnswer,
  markReadAnswer,
  messageAnswer,
  replySentAnswer,
  staffMembersAnswer,
  statisticsAnswer,
  threadAnswer,
} from '@shared/contact';
import { savedRepliesAnswer, savedReplyAnswer, savedReplyDeletedAnswer } from '@shared/saved-replies';
import { myConversationsAnswer, myReplyAnswer, myThreadAnswer } from '@shared/my-messages';
import { departmentReportAnswer, statementSentAnswer } from '@shared/department-report';
import { orderApprovalsAnswer } from '@shared/order-approvals';
import { bulkStatusAnswer } from '@shared/order-ops';
import { adminOrdersAnswer, approvalAnswer, checkoutInfoAnswer, orderAnswer, ordersAnswer } from '@shared/orders';
import {
  invoiceAnswer,
  invoiceLinkAnswer,
  payAnswer,
  statementAnswer,
  statementDepartmentsAnswer,
} from '@shared/payments';
import { allowanceOverridesAnswer, myAllowanceAnswer } from '@shared/allowances';
import { pickListAnswer } from '@shared/pick-list';
import { productionAnswer } from '@shared/production';
import { bulkShipAnswer } from '@shared/shipments';
import { reportAnswer } from '@shared/reports';
import { customerNoteAnswer, customerRecordAnswer } from '@shared/customers';
import { profileAnswer } from '@shared/profile';
import { quoteAnswer } from '@shared/quote';
import { searchAnswer } from '@shared/search';
import { staffEditQuoteAnswer } from '@shared/order-edit';
import { customerQuoteSchemaAnswer, orderingForAnswer } from '@shared/phone-orders';
import { auditAnswer } from '@shared/audit';
import { settingsAnswer } from '@shared/settings';
import { todayAnswer } from '@shared/today';
import { kitAnswer, kitsAnswer } from '@shared/kits';

// The answer schemas of src/shared by name, for the calls in lib/api.ts that name theirs. Only development loads this
// module (lib/api.ts imports it with import() behind import.meta.env.DEV): production bundles carry neither these
// schemas nor Zod on screens that do not otherwise need it. Types are read from it with `import type`, which is erased.
const answers = {
  audit: auditAnswer,
  kits: kitsAnswer,
  kit: kitAnswer,
  requestPin: requestPinAnswer,
  authUser: authUserAnswer,
  authCheck: authCheckAnswer,
  authConfig: authConfigAnswer,
  done: doneAnswer,
  profile: profileAnswer,
  settings: settingsAnswer,
  products: productsAnswer,
  mySizes: mySizesAnswer,
  buyAgain: buyAgainAnswer,
  adminProducts: adminProductsAnswer,
  adminProduct: adminProductAnswer,
  cart: cartAnswer,
  cartChange: cartChangeAnswer,
  checkoutInfo: checkoutInfoAnswer,
  quote: quoteAnswer,
  order: orderAnswer,
  orders: ordersAnswer,
  adminOrders: adminOrdersAnswer,
  bulkStatus: bulkStatusAnswer,
  staffEditQuote: staffEditQuoteAnswer,
  orderingFor: orderingForAnswer,
  customerQuote: customerQuoteSchemaAnswer,
  production: productionAnswer,
  pickList: pickListAnswer,
  bulkShip: bulkShipAnswer,
  pay: payAnswer,
  invoice: invoiceAnswer,
  invoiceLink: invoiceLinkAnswer,
  statement: statementAnswer,
  statementDepartments: statementDepartmentsAnswer,
  approval: approvalAnswer,
  orderApprovals: orderApprovalsAnswer,
  users: usersAnswer,
  adminUser: adminUserAnswer,
  allowedEmails: allowedEmailsAnswer,
  allowedEmail: allowedEmailAnswer,
  signinPolicy: signinPolicyAnswer,
  departments: departmentsAnswer,
  department: departmentAnswer,
  departmentReport: departmentReportAnswer,
  report: reportAnswer,
  customerRecord: customerRecordAnswer,
  customerNote: customerNoteAnswer,
  statementSent: statementSentAnswer,
  contactSent: contactSentAnswer,
  conversations: conversationsAnswer,
  thread: threadAnswer,
  statistics: statisticsAnswer,
  markRead: markReadAnswer,
  replySent: replySentAnswer,
  message: messageAnswer,
  myConversations: myConversationsAnswer,
  myThread: myThreadAnswer,
  myReply: myReplyAnswer,
  held: heldListAnswer,
  orderMessages: orderMessagesAnswer,
  customerMessaged: customerMessagedAnswer,
  savedReplies: savedRepliesAnswer,
  savedReply: savedReplyAnswer,
  savedReplyDeleted: savedReplyDeletedAnswer,
  staffMembers: staffMembersAnswer,
  conversationChanged: conversationChangedAnswer,
  myAllowance: myAllowanceAnswer,
  allowanceOverrides: allowanceOverridesAnswer,
  today: todayAnswer,
  search: searchAnswer,
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
