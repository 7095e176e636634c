import { PortalApp } from '../../features/portal/components/portal-app';
import { DeferredModals } from '../modals/deferred-modals';

/** The law-firm portal (issue 27) with the product's dialog host (its request form asks before removing an address). */
export function PortalRoute() {
  return <PortalApp dialogs={<DeferredModals />} />;
}
