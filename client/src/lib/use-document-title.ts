import { useEffect } from 'react';

export const PRODUCT_NAME = "Pick'em";
const DEFAULT_TITLE = `${PRODUCT_NAME} · Make your picks. We'll keep score.`;

/** Not React 19's <title>: index.html's own <title> comes first in the head and would win. */
export function useDocumentTitle(screenTitle?: string) {
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} · ${PRODUCT_NAME}` : DEFAULT_TITLE;
  }, [screenTitle]);
}
