import { useEffect, useRef, type ReactElement } from 'react';
import { createWidget, type ReputationWidget, type Theme } from 'repkit';
import { API_KEY, BASE_URL } from './config';

export interface ReputationProps {
  address: string;
  theme: Theme;
  maxCategories?: number | undefined;
}

/**
 * The reputation widget through the JavaScript API: created once when the component mounts,
 * brought up to date with update() when a prop changes (no remount; only an address change
 * reloads), destroyed on unmount.
 */
export function Reputation({ address, theme, maxCategories }: ReputationProps): ReactElement {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<ReputationWidget | null>(null);

  useEffect(() => {
    const created = createWidget({ type: 'reputation', apiKey: API_KEY, baseUrl: BASE_URL, address, theme });
    widget.current = created.mount(container.current!);
    return () => {
      created.destroy();
      widget.current = null;
    };
    // Created once; the effect below passes later prop changes to update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // undefined puts an option back to its default (6 categories).
    widget.current?.update({ address, theme, maxCategories });
  }, [address, theme, maxCategories]);

  return <div ref={container} className="reputation" />;
}
