/** Reference data with the specification's ids. Seeded on every start (idempotent). */

export const roleRows = [
  { id: 0, name: 'None' },
  { id: 1, name: 'Administrator' },
  { id: 2, name: 'Site Owner' },
  { id: 3, name: 'Site Manager' },
];

export const countryRows = [
  { id: 236, name: 'United States', iso2: 'US' },
  { id: 40, name: 'Canada', iso2: 'CA' },
  { id: 142, name: 'Mexico', iso2: 'MX' },
  { id: 14, name: 'Australia', iso2: 'AU' },
  { id: 158, name: 'New Zealand', iso2: 'NZ' },
  { id: 235, name: 'United Kingdom', iso2: 'GB' },
  { id: 81, name: 'Germany', iso2: 'DE' },
  { id: 75, name: 'France', iso2: 'FR' },
];

// [name, abbreviation]; US ids 1..51 in this order (Alaska = 2, the default physical state).
const usStates: Array<[string, string]> = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['District of Columbia', 'DC'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
];
// Canada ids 101..113.
const caProvinces: Array<[string, string]> = [
  ['Alberta', 'AB'],
  ['British Columbia', 'BC'],
  ['Manitoba', 'MB'],
  ['New Brunswick', 'NB'],
  ['Newfoundland and Labrador', 'NL'],
  ['Northwest Territories', 'NT'],
  ['Nova Scotia', 'NS'],
  ['Nunavut', 'NU'],
  ['Ontario', 'ON'],
  ['Prince Edward Island', 'PE'],
  ['Quebec', 'QC'],
  ['Saskatchewan', 'SK'],
  ['Yukon', 'YT'],
];

export const stateRows = [
  ...usStates.map(([name, abbreviation], i) => ({ id: i + 1, countryId: 236, name, abbreviation })),
  ...caProvinces.map(([name, abbreviation], i) => ({ id: 101 + i, countryId: 40, name, abbreviation })),
];

export const locationTypeRows = [
  { id: 1, name: 'RV Site' },
  { id: 2, name: 'Boat Slip' },
  { id: 3, name: 'Campsite' },
  { id: 4, name: 'EV Charging Bay' },
  { id: 5, name: 'Trailer Parking' },
  { id: 6, name: 'Cabin' },
];

export const deviceTypeGroupRows = [
  { id: 1, name: 'Electric' },
  { id: 2, name: 'Water' },
  { id: 3, name: 'Cube' },
  { id: 4, name: 'Data Collector' },
  { id: 6, name: 'Smart Meter' },
];

/**
 * `maxRatePerHour`: the most a meter of the type delivers in an hour, in its unit (a rise
 * faster than that is suspect): 50 A at 240 V for a pedestal's meter, 400 A at 240 V for a
 * data collector's feeder, 20 US gallons a minute through a water meter.
 */
export const deviceTypeRows = [
  {
    id: 1,
    name: 'ElectricMeter',
    displayName: 'Electric',
    groupId: 1,
    unit: 'kWh',
    supportsResetReading: false,
    maxRatePerHour: '12',
  },
  {
    id: 2,
    name: 'Cube',
    displayName: 'Cube',
    groupId: 3,
    unit: 'kWh',
    supportsResetReading: false,
    maxRatePerHour: '12',
  },
  {
    id: 3,
    name: 'DataCollector',
    displayName: 'Data Collector',
    groupId: 4,
    unit: 'kWh',
    supportsResetReading: false,
    maxRatePerHour: '96',
  },
  {
    id: 6,
    name: 'SmartElectricMeter',
    displayName: 'Smart Electric',
    groupId: 6,
    unit: 'kWh',
    supportsResetReading: true,
    maxRatePerHour: '12',
  },
  {
    id: 7,
    name: 'WaterMeter',
    displayName: 'Water',
    groupId: 2,
    unit: 'gal',
    supportsResetReading: true,
    maxRatePerHour: '1200',
  },
];

export const capabilityRows = [
  { id: 1, displayName: 'Power', capabilityType: 1 },
  { id: 2, displayName: '30 Amp', capabilityType: 2 },
  { id: 3, displayName: '50 Amp', capabilityType: 2 },
  { id: 4, displayName: 'Water Valve', capabilityType: 2 },
];

export const deviceTypeCapabilityRows = [
  { deviceTypeId: 1, capabilityId: 2 },
  { deviceTypeId: 1, capabilityId: 3 },
  { deviceTypeId: 6, capabilityId: 1 },
  { deviceTypeId: 7, capabilityId: 4 },
];

export const partnerRows = [
  { id: 1, name: 'Campspot' },
  { id: 2, name: 'Newbook' },
  { id: 3, name: 'Dockwa' },
  { id: 4, name: 'RMS Cloud' },
];

export const reportTypeRows = [
  {
    id: 1,
    name: 'Usage by Location',
    columnHeaders: 'Location,Meter,Type,Start Reading,End Reading,Usage,Unit,Rate,Amount',
    displayOrder: 1,
    storedProcedureCalled: 'usage_by_location',
    needsLocation: false,
  },
  {
    id: 2,
    name: 'Daily Usage per Location',
    columnHeaders: 'Date,Location,Electric (kWh),Water (gal)',
    displayOrder: 2,
    storedProcedureCalled: 'daily_usage_per_location',
    needsLocation: false,
  },
  {
    id: 3,
    name: 'Stay Transactions',
    columnHeaders: 'Location,Guest,Phone,Check In,Check Out,Electric (kWh),Water (gal)',
    displayOrder: 3,
    storedProcedureCalled: 'stay_transactions',
    needsLocation: false,
  },
  {
    id: 4,
    name: 'Meter Readings',
    columnHeaders: 'Date & Time,Meter,Type,Reading,Reset,Estimated',
    displayOrder: 4,
    storedProcedureCalled: 'meter_readings_of_location',
    needsLocation: true,
  },
  {
    id: 5,
    name: 'Device Control Log',
    columnHeaders: 'Date & Time,Location,Meter,Requested,Result,Answered',
    displayOrder: 5,
    storedProcedureCalled: 'device_control_log',
    needsLocation: false,
  },
  {
    id: 6,
    name: 'Missing and Out-of-Service Meters',
    columnHeaders: 'Location,Meter,Type,Status,Last Seen',
    displayOrder: 6,
    storedProcedureCalled: 'missing_and_out_of_service',
    needsLocation: false,
  },
  {
    id: 7,
    name: 'Monthly Billing Summary',
    columnHeaders: 'Month,Electric (kWh),Electric Amount,Water (gal),Water Amount,Total Amount',
    displayOrder: 8,
    storedProcedureCalled: 'monthly_billing_summary',
    needsLocation: false,
  },
  {
    id: 11,
    name: 'Location Usage Detail by Day',
    columnHeaders: 'Date,Meter,Type,Start Reading,End Reading,Usage',
    displayOrder: 7,
    storedProcedureCalled: 'location_usage_by_day',
    needsLocation: true,
  },
  {
    id: 12,
    name: 'Billing by Stay',
    columnHeaders:
      'Location,Guest,Check In,Check Out,Electric (kWh),Water (gal),Electric Amount,Water Amount,Minimum Charge,Fees,Tax,Total,Currency,Tariff Version',
    displayOrder: 9,
    storedProcedureCalled: 'billing_by_stay',
    needsLocation: false,
  },
  {
    id: 13,
    name: 'Meter Reads for RMS',
    columnHeaders: 'Area,MeterType,LastReadDate,LastMeterValue,MeterNo,Tariff,Multiplier,Active',
    displayOrder: 10,
    storedProcedureCalled: 'rms_meter_reads',
    needsLocation: false,
  },
];

/** IANA zones, North American first so the picker starts where the properties are. */
export function timeZoneRows(): Array<{ name: string; displayName: string }> {
  const zones = Intl.supportedValuesOf('timeZone');
  const first = zones.filter((z) => z.startsWith('America/') || z.startsWith('Pacific/Honolulu'));
  const rest = zones.filter((z) => !first.includes(z));
  return [...first, ...rest, 'UTC']
    .filter((z, i, all) => all.indexOf(z) === i)
    .map((name) => ({ name, displayName: name.replace(/_/g, ' ') }));
}
