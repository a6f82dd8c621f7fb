/** The collapsible sections of the property dialog, and which fields each holds. */
export const sections = ['physical', 'rates', 'checkInOut', 'integrations'] as const;
export type Section = (typeof sections)[number];

const sectionByField: Record<string, Section> = {
  physicalAddrLine1: 'physical',
  physicalAddrLine2: 'physical',
  physicalCity: 'physical',
  physicalZip: 'physical',
  fk_PhysicalStateID: 'physical',
  fk_PhysicalCountryID: 'physical',
  billingAddrLine1: 'physical',
  billingAddrLine2: 'physical',
  billingCity: 'physical',
  billingZip: 'physical',
  fk_BillingStateID: 'physical',
  fk_BillingCountryID: 'physical',
  timeZone: 'physical',
  billingRate: 'rates',
  waterBillingRate: 'rates',
  defaultCheckoutTime: 'checkInOut',
  dayStart: 'checkInOut',
  dayEnd: 'checkInOut',
  weekStart: 'checkInOut',
  integrations: 'integrations',
};

/** The section of a field path ('integrations.0.partnerID' is in Integrations); null for the fields above them. */
export function sectionOfField(path: string): Section | null {
  const root = path.split('.')[0] ?? '';
  const match = Object.keys(sectionByField).find((field) => field.toLowerCase() === root.toLowerCase());
  return match ? (sectionByField[match] ?? null) : null;
}
