import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslate } from 'react-admin';

/**
 * react-admin's `<Title>` without its preferences editor (which brought MUI's Popover and
 * inputs onto the home path): the page's title, an i18n key or a text, in the top bar
 * (TitlePortal, #react-admin-title).
 */
export function Title({ title }: { title: string }) {
  const translate = useTranslate();
  const [container, setContainer] = useState(() => document.getElementById('react-admin-title'));
  // On the first render the top bar may not be in the page yet: look again after it is drawn.
  useEffect(() => {
    if (container && document.body.contains(container)) return;
    const frame = requestAnimationFrame(() =>
      setContainer(document.getElementById('react-admin-title')),
    );
    return () => cancelAnimationFrame(frame);
  }, [container]);
  if (!container) return null;
  return createPortal(<span>{translate(title, { _: title })}</span>, container);
}
