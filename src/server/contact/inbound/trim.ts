// What stays of an e-mailed answer: the new text only. Mail clients put the quoted history under a line of their own
// ("On Mon, Mar 3, 2026 at 2:05 PM Shop <...> wrote:", Outlook's "-----Original Message-----" or "From: ..." header
// block, "> " lines) and a signature under "-- ". Everything from the first such line on is cut.
const CUT_LINE = [
  /^-- ?$/, // signature delimiter (RFC 3676 "-- ")
  /^_{5,}\s*$/, // Outlook's rule above the quoted header block
  /^-{2,}\s*Original Message\s*-{2,}/i,
  /^-{2,}\s*Forwarded message\s*-{2,}/i,
  /^On .{1,300} wrote:\s*$/i,
  /^Le .{1,300} a écrit\s*:\s*$/i,
  /^Am .{1,300} schrieb .{0,200}:\s*$/i,
  /^From:\s.+/i,
  /^Sent from my \w+/i,
  /^Get Outlook for /i,
];
// "On <date>, <name> <address>" wraps before "wrote:" in many clients: two lines read as one.
const WROTE_WRAPPED = /^On .{1,300}$/i;

export function trimReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    const next = (lines[i + 1] ?? '').trim();
    if (line.startsWith('>')) {
      end = i;
      break;
    }
    if (CUT_LINE.some((re) => re.test(line.trim())) && !(i === 0 && /^From:/i.test(line))) {
      end = i;
      break;
    }
    if (WROTE_WRAPPED.test(line.trim()) && /wrote:\s*$/i.test(next)) {
      end = i;
      break;
    }
  }
  return lines
    .slice(0, end)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
