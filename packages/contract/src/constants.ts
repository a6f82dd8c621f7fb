/** Business constants of the specification. */
export const PRODUCT_VERSION = '2.7.1';

export const INACTIVITY_TIMEOUT_MS = 3_600_000;
export const LOGIN_SUBMIT_DELAY_MS = 1_000;
export const TOKEN_REFRESH_MIN_INTERVAL_MS = 60_000;
export const LAST_LOCATION_TTL_MINUTES = 120;
export const STORAGE_DEFAULT_TTL_SECONDS = 86_400;

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MASKED_LENGTH = 13; // (999) 999-9999 with spaces removed
export const GUEST_PHONE_LENGTH = 14; // (000) 000-0000
export const EXTENSION_MAX_DIGITS = 10;

export const USERS_PAGE_SIZE = 10;
export const TRANSACTIONS_PAGE_SIZE = 25;
export const PAGE_LENGTHS = [10, 25, 50, 100, 200, 500, -1] as const; // -1 = All

export const DateRangeFilter = { Last7Days: 3, Last30Days: 4, MonthToDate: 7, All: 14 } as const;
export const DEFAULT_DATE_RANGE_FILTER = DateRangeFilter.Last7Days;

export const METER_PAGE_READINGS = 30;
export const INT_MAX = 2_147_483_647;
export const DECIMAL_MAX = 999_999_999_999.9999;

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

// properties, locations, meters
export const DEVICE_CONTROL_COOLDOWN_S = 45;
export const DEVICE_CONTROL_CHECKS_AT_S = [30, 15, 0] as const;
export const DEVICE_CONTROL_POLL_MS = 15_000;
export const DEVICE_CONTROL_POLL_MAX_MS = 60_000;
export const HUB_SERVER_TIMEOUT_MS = 30_000;
export const HUB_RECONNECT_MS = 10_000;
export const MAX_METERS_PER_LOCATION = 2;
export const GUEST_SEARCH_MIN_CHARS = 3;
export const LOCATION_SEARCH_MIN_CHARS = 2;
export const READING_MAX_INTEGER_DIGITS = 12;
export const READING_MAX_DECIMALS = 6;
export const TIME_STEP_MINUTES = 15;
export const DEFAULT_DAY_START = '09:00';
export const DEFAULT_DAY_END = '18:00';
export const SEARCH_DEBOUNCE_MS = 1_000;
export const TOAST_SUCCESS_MS = 3_000;
export const TOAST_ERROR_MS = 5_000;
export const ROW_HIGHLIGHT_DELAY_MS = 500;
export const ROW_HIGHLIGHT_MS = 1_500;
export const LAYOUT_RELOAD_MS = 1_000;
export const USAGE_PLACEHOLDER = '-----';
export const METER_ID_LENGTH = 7;

export const Country = { UnitedStates: 236, Canada: 40 } as const;
export const DEFAULT_COUNTRY_ID = Country.UnitedStates;
export const DEFAULT_PHYSICAL_STATE_ID = 2;

export const DeviceType = { Electric: 1, Water: 7 } as const;
export const RESET_READING_DEVICE_TYPES: readonly number[] = [6, 7];
export const DeviceGroup = { Electric: 1, Water: 2, Cube: 3, DataCollector: 4, Metered: 6 } as const;
export const METERED_DEVICE_GROUPS: readonly number[] = [1, 2, 6];
export const CapabilityType = { Disconnect: 1 } as const;
export const ActiveInd = { OutOfService: 0, Available: 1, Unavailable: 2 } as const;

export const ReportNeedsLocation: readonly number[] = [4, 11];
