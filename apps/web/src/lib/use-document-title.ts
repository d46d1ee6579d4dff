import { useEffect } from 'react';

export const PRODUCT_NAME = 'Revenue Intelligence';

/** Names the browser tab after the screen, so tabs and history entries are told apart. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
