import type { Address, addressParts } from '../../siteFormValues';

/** The label of each field of the two addresses. */
export const addressLabels = {
  physical: {
    line1: 'sites.form.address1',
    line2: 'sites.form.address2',
    city: 'sites.form.city',
    zip: 'sites.form.zip',
    state: 'sites.form.state',
    country: 'sites.form.country',
  },
  billing: {
    line1: 'sites.form.billingAddress1',
    line2: 'sites.form.billingAddress2',
    city: 'sites.form.billingCity',
    zip: 'sites.form.billingZip',
    state: 'sites.form.billingState',
    country: 'sites.form.billingCountry',
  },
} as const satisfies Record<Address, Record<(typeof addressParts)[number], string>>;
