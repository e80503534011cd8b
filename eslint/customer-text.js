// No English written into a customer screen's markup (docs/architecture.md#languages): its text comes from the
// locale files through t(). Reported: JSX text with a letter in it; a string or template literal shown as a JSX
// child ({done ? 'Saved' : 'Saving…'}, {name || 'Address'}); and the same in a user-visible attribute (aria-label,
// placeholder, title, alt, and the components' label, hint, description and caption). A string handed to a function
// (t('cart.title'), register('city')) is that function's business and is not judged. Text with no letter (digits,
// punctuation, · or …) and an example e-mail address have nothing to translate.
//
// eslint-plugin-i18next's no-literal-string was tried first: it takes everything inside an attribute it does not
// check as allowed, so a dialog's footer={<Button>Close</Button>} passed, and it reports a string handed to a
// function inside the markup (register('city')) unless that function is listed by name.

const LETTER = /\p{L}/u;
const EXAMPLE_EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/u;
// The DOM's own, and the props of the shop's components that show text (a field's label and hint, a dialog's
// description, a table's caption).
const DEFAULT_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'label', 'hint', 'description', 'caption'];

const needsWords = (text) => {
  const trimmed = text.trim();
  return LETTER.test(trimmed) && !EXAMPLE_EMAIL.test(trimmed);
};

/** The literals an expression shows as it is: itself, or the branches of a ?: or an && / || / ??. */
function shownLiterals(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [node] : [];
    case 'TemplateLiteral':
      return [node];
    case 'ConditionalExpression':
      return [...shownLiterals(node.consequent), ...shownLiterals(node.alternate)];
    case 'LogicalExpression':
      return [...shownLiterals(node.left), ...shownLiterals(node.right)];
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return shownLiterals(node.expression);
    default:
      return [];
  }
}

const literalText = (node) =>
  node.type === 'TemplateLiteral' ? node.quasis.map((q) => q.value.cooked ?? '').join(' ') : node.value;

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Customer screens take their text from the locale files, not English in the markup' },
    schema: [
      {
        type: 'object',
        properties: { attributes: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'English in a customer screen: "{{text}}" (its text comes from the locale files, through t())',
      attribute:
        'English in a customer screen: {{name}}="{{text}}" (its text comes from the locale files, through t())',
    },
  },
  create(context) {
    const attributes = new Set(context.options[0]?.attributes ?? DEFAULT_ATTRIBUTES);
    const short = (text) => {
      const t = text.trim().replace(/\s+/g, ' ');
      return t.length > 60 ? `${t.slice(0, 57)}...` : t;
    };
    const check = (node, report) => {
      for (const literal of shownLiterals(node)) {
        const text = literalText(literal);
        if (needsWords(text)) report(literal, short(text));
      }
    };
    return {
      JSXText(node) {
        if (needsWords(node.value)) context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      JSXExpressionContainer(node) {
        const parent = node.parent.type;
        if (parent !== 'JSXElement' && parent !== 'JSXFragment') return;
        check(node.expression, (literal, text) => context.report({ node: literal, messageId: 'text', data: { text } }));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? node.name.name.name : node.name.name;
        if (!attributes.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        check(value, (literal, text) =>
          context.report({ node: literal, messageId: 'attribute', data: { name, text } }),
        );
      },
    };
  },
};

export default { rules: { 'customer-text': rule } };
