// Letters of the Latin script in every alphabet written with it (English, Spanish, French, Portuguese, German,
// Polish, Czech, Turkish, Vietnamese, ...): what a person's name is typed in and what the embroidery fonts sew.
// Other scripts are refused, with the field's own message. Text is compared in NFC, so "é" typed as e + a combining
// accent is the one letter é.
const LATIN_LETTER = String.raw`(?=\p{L})\p{Script=Latin}`;

/** A pattern for text of Latin letters and the given other characters (a hyphen, if any, last). */
export const latinLettersAnd = (others: string) => new RegExp(`^(?:${LATIN_LETTER}|[${others}])+$`, 'u');
