import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { serviceAreaQueryOptions } from '../api/wizard-api';

// The popup and its wait-list form (react-hook-form, a dialog) load with the first unserved zip:
// most customers never see them (decision 029).
const AreaNotFoundDialog = lazy(async () => ({
  default: (await import('./area-not-found-dialog')).AreaNotFoundDialog,
}));

/**
 * spec §4 "A new address is accepted only when its zip passes the service-area check, else an
 * area-not-found popup shows and a wait-list may be offered", for steps 0 and 1 alike: `isServed`
 * asks (once per zip for the page's life when the answer is "served"), opens the popup for an
 * unserved zip and shows any other failure's message; `dialog` is the popup, to be rendered.
 */
export function useServiceArea() {
  const queryClient = useQueryClient();
  const [unservedZip, setUnservedZip] = useState<string | null>(null);
  // Once loaded, the popup stays mounted, so that it closes with its transition.
  const [popupLoaded, setPopupLoaded] = useState(false);

  const isServed = async (zip: string): Promise<boolean> => {
    try {
      const answer = await queryClient.fetchQuery(serviceAreaQueryOptions(zip));
      if (answer.data.served) return true;
      setUnservedZip(zip);
      setPopupLoaded(true);
      return false;
    } catch (error) {
      // Could not ask (offline, rate limit, a server fault): say why, take nothing.
      if (isApiError(error)) showToast(error.message, 'error');
      return false;
    }
  };

  const dialog = popupLoaded ? (
    <Suspense fallback={null}>
      <AreaNotFoundDialog zipCode={unservedZip} onClose={() => setUnservedZip(null)} />
    </Suspense>
  ) : null;
  return { isServed, dialog };
}
