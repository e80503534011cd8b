import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadable } from '@web/lib/preloadable';
import { menuButtonName, TriggerFace, triggerClass, type ProfileMenuProps } from './profile-menu-face';

// The dropdown (Radix, ~18 kB gzip with its positioning code) is not needed to paint the header: it loads as soon
// as a pointer, a finger or the keyboard reaches the button.
const Dropdown = preloadable(() => import('./profile-menu-dropdown'));

/** The header profile menu (docs/product.md#screens-and-routes): a look-alike button until the dropdown's code is in; a click on it opens the menu once loaded. */
export function ProfileMenu(props: ProfileMenuProps) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  // A keyboard user on the look-alike keeps the focus when the real button replaces it.
  const [focused, setFocused] = useState(false);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // The swap waits for the code, so the look-alike never gives way to an empty Suspense fallback.
    void Dropdown.preload().finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [wanted]);
  if (ready) {
    return (
      <Suspense fallback={null}>
        <Dropdown {...props} defaultOpen={openOnLoad} focusOnMount={focused} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      data-testid="profile-menu-button"
      aria-label={menuButtonName(t, props.name, props.unreadMessages)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClass}
      onPointerEnter={() => setWanted(true)}
      onTouchStart={() => setWanted(true)}
      onFocus={() => {
        setWanted(true);
        setFocused(true);
      }}
      onBlur={() => setFocused(false)}
      // Radix opens its menu on pointer-down; so does the look-alike, else a swap between press and release would
      // leave the release on the real trigger, which ignores it, and the menu shut.
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        setWanted(true);
        setOpenOnLoad(true);
      }}
      onClick={() => {
        setWanted(true);
        setOpenOnLoad(true);
      }}
    >
      <TriggerFace name={props.name} unread={props.unreadMessages} />
    </button>
  );
}
