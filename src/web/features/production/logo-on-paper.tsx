import type { LogoOnSheet } from '@shared/logos';

/**
 * A logo as the floor sews it, on paper: the artwork's thumbnail, where it goes, the approved proof's stitch count and
 * thread colours (or that the customer has not approved a proof yet, in bold).
 */
export function LogoOnPaper({ logo, placement }: { logo: LogoOnSheet; placement: string }) {
  return (
    <span className="flex items-start gap-2" data-testid="logo-on-paper">
      <img
        src={logo.preview_url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        className="h-10 w-10 flex-none border border-gray-300 object-contain"
      />
      <span>
        {placement}
        <span className="block text-xs">
          {logo.stitches === null ? 'No proof yet' : `${logo.stitches.toLocaleString('en-US')} stitches`}
          {logo.thread_colours.length ? ` · Threads: ${logo.thread_colours.join(', ')}` : ''}
        </span>
        {logo.approved ? null : <strong className="block text-xs">Proof not approved yet</strong>}
      </span>
    </span>
  );
}
