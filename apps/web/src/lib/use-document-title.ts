import { useEffect } from 'react';

export const PRODUCT_NAME = 'MoveHub';

/** Each screen names itself in the tab title: "My Requests | MoveHub". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
