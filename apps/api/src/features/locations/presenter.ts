import type { LocationRow, ServicePointRow } from '@portal/contract';
import type { LocationDbRow } from './queries';

export function presentLocation(r: LocationDbRow, servicePoints: ServicePointRow[]): LocationRow {
  return {
    locationID: r.id,
    fk_SiteID: r.site_id,
    locationDescription: r.description,
    locationPublicName: r.public_name,
    accountNumber: r.account_number,
    locationType: r.location_type_id,
    locationTypeName: r.location_type_name,
    autoCheckoutDateTime: r.auto_checkout_at === null ? null : new Date(r.auto_checkout_at).toISOString(),
    isCheckedInState: r.is_checked_in,
    isRetryState: r.is_retry_state,
    deleted: r.deleted,
    guestName: r.guest_name,
    servicePoints,
  };
}
