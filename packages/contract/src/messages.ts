/**
 * Every user-facing text of the specification, verbatim, keyed by a stable code.
 * Schemas use the code as their zod message; the server answers with the English text
 * and the code, the web app translates the code through its catalogue.
 */
export const messages = {
  // generic validation
  requiredField: 'Required field',
  fieldNotValid: 'Field is not valid',
  required: 'Required',
  nameRequired: '{{name}} is required',
  nameNotValid: '{{name}} is not valid',
  minLength: 'Minimum field length',
  maxLength: 'Maximum field length',
  acceptTerms: 'Accept Terms',
  acceptTermsRequired: 'Accepting terms and conditions is required',
  requestedNotFound: 'The requested {{name}} is not found',
  invalidInput: 'Invalid input',
  integerRange: 'Must be a whole number from 0 to 2147483647',
  decimalRange: 'Must be a number from 0 to 999999999999.9999',

  // sign-in and passwords
  loginIncorrect: 'The login detail is incorrect',
  passwordsDontMatch: "Password and Confirm Password didn't match.",
  passwordPolicy:
    'Password must have minimum 8 characters, having at least one uppercase, one lowercase, one digit and one special character.',
  confirmPasswordMatch: 'Confirm password must match the above password',
  forgotEmailInvalid: 'Please enter a valid email address',
  forgotFailed: 'An error has occured while precessing forgot password request.Please check again',
  forgotSent: 'If the address belongs to an account, a link to set a new password has been sent to it.',
  invalidToken: 'Invalid token is provided.',
  noOrInvalidToken: 'No or invalid token is provided.',
  verifyingToken: 'Please wait! System is verifying token.',
  passwordUpdated: 'Your password has been set. You can sign in now.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  registered: 'Your account has been created. An administrator must approve it before you can use the portal.',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAuthenticated: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found',
  serverError: 'Something went wrong. Please try again.',
  registrationMailed: 'Thank you for signing up. We have sent you an e-mail: follow it to sign in.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request.',
  requestInProgress: 'The same request is still being handled. Please try again in a moment.',
  requestAnswerLost: 'This request was carried out, but its answer was lost. Reload to see the result.',
  nestedTooDeep: 'The request is nested too deeply.',
  alertMissingDevice: '<b>Meter {{meter}}</b> at {{site}} / {{location}} has not reported since {{since}}.',
  alertUnbilledUsage:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} used {{usage}} {{unit}} today with no guest checked in.',
  alertPowerLeftOn:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} is not confirmed off with no guest checked in: the portal has sent it OFF.',
  alertMeterGlitch:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} read {{total}} at {{at}}, below {{reference}} before and after it: not counted.',
  alertMeterBaseline:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} went down to {{total}} at {{at}} and stayed below {{reference}}: replaced or reset, counted from there on.',
  alertSuspectRise:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} read {{total}} at {{at}}, {{rise}} above {{reference}}: more than it can deliver in that time. Not counted until someone confirms or discards it in the location history.',
  alertMeterRollover:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} rolled over to {{total}} at {{at}} from {{reference}}: {{usage}} counted across it.',
  alertWaterWhileVacant:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} recorded {{usage}} gal in the last 3 days while the location was vacant: possible leak.',
  alertOutOfService: '<b>Meter {{meter}}</b> at {{site}} / {{location}} was taken out of service.',
  alertCommandFailed:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} refused the {{command}} command sent at {{at}} with result code {{code}}.',
  alertCommandTimedOut:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} did not answer the {{command}} command sent at {{at}}.',
  alertReadingRefused:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} sent {{count}} messages that were refused since {{since}} ({{reason}}).',
  alertLeak:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} has had water flowing in every hour for {{hours}} hours ({{usage}} gal): possible leak.',
  alertNightFlow:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} recorded {{usage}} gal between 00:00 and 06:00 on {{day}} with no guest checked in: possible leak.',
  alertAbnormalUse:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} used {{usage}} kWh on {{day}}, {{multiple}} times its 30-day median of {{median}} kWh.',
  alertVacantDraw:
    '<b>Meter {{meter}}</b> at {{site}} / {{location}} drew {{usage}} kWh in the hour before {{at}} with no guest checked in.',
  alertBrokerDropped:
    "<b>The MQTT broker</b> dropped {{dropped}} messages since {{since}}: meter readings or commands may have been lost. Check the broker's queue limits.",
  changedMeanwhile: 'Someone else changed this at the same moment. Please reload and try again.',
  unstorableText: 'Text may not contain control characters or broken characters.',

  // users
  selectRole: 'Please Select a Role',
  selectBusiness: 'Please Select a Business Entity',
  provideFirstName: 'Please provide First Name',
  provideLastName: 'Please provide Last Name',
  provideValidEmail: 'Please provide valid email',
  selectProperties: 'Please Select Properties',
  invalidMobilePhone: 'Please provide a valid Mobile Phone Number',
  invalidOfficePhone: 'Please provide a valid Office Phone',
  invalidExtension: 'Extension must be digits only, up to 10.',
  userCreated: 'User created successfully',
  userUpdated: 'User updated successfully',
  userCreateFailed: 'Error: Unable to create user',
  userUpdateFailed: 'Error: Unable to update user',
  usersLoading: 'Loading ...',
  usersLoadFailed: 'Error in Loading Users',
  roleNotAssignable: 'You cannot assign this role.',
  siteOutOfScope: 'One or more properties are outside your business.',

  // public meter page
  enterMeterNumber: 'Please enter meter number',
  meterNotFound: 'Meter not found',
  meterNotFoundHint: 'Please enter valid meter number above to see the readings.',

  // error pages
  notAuthorizedPage: 'OOPS! You are not authorize to access this page.',
  somethingWrong: 'OOPS! Something went wrong here',
  pageNotFoundTitle: 'How did you get here',
  pageNotFound: "Sorry we can't seem to find the page you're looking for.",
  nothingLeftTitle: 'ERROR',
  nothingLeft: 'Nothing left to do here.',
  comingSoon: 'Coming Soon!',

  // dashboard
  realtimeStatsFailed: 'Failed to fetch realtime stats',
  alertsFailed: 'Failed to fetch alerts',
  serverConnectionError: 'Error connecting to server',

  // loading
  locationsLoadFailed: 'Locations Loading failed',
  historyLoadFailed: 'Location History Loading failed',
  propertiesLoadFailed: 'Properties Loading failed',
  businessesLoadFailed: 'Business Entities Loading failed',
  settingLoadFailed: 'Setting Loading failed',
  noData: 'No Data Available',

  // property settings and property form
  selectElectricRate: 'Please select Electric Kwh Rate',
  selectWaterRate: 'Water (Gallons) Rate',
  selectDayStart: 'Please select day start',
  selectDayEnd: 'Please select day end',
  selectWeekStart: 'Please select week start',
  settingsUpdated: 'Property settings updated successfully',
  settingsUpdateFailed: 'An error has occured while updating site settings.Please check again',
  providePropertyName: 'Please provide Property Name',
  validStartTime: 'Please provide a valid start time.',
  validEndTime: 'Please provide a valid end time.',
  validWeekStart: 'Please select a valid week start day.',
  dayEndBeforeStart: 'Day End cannot be before Day Start.',
  zipFormat: 'Invalid ZIP code format. Use 12345 or 12345-6789.',
  postalFormat: 'Invalid postal code format.',
  physicalZipInvalid: 'Invalid physical zip code entered.',
  propertyAdded: 'Property added successfully',
  propertyUpdated: 'Property updated successfully',
  propertyAddFailed: 'An error has occurred while adding the property. Please check again',
  propertyUpdateFailed: 'An error has occurred while updating the property. Please check again',
  propertyDeleted: 'Property deleted successfully',
  propertyDeleteFailed: 'Failed to delete property',
  propertyHasCheckedIn: 'This property has checked-in locations. Check them out before deleting the property.',

  // reports
  reportError: 'Report Generation Error',
  reportErrorDefault: 'An error occurred while generating the report.',
  exportFailed: 'Some error has occurred, please try again.',
  reportsLoadFailed: 'Error occurred while getting reports',
  statesLoadFailed: 'Error occur getting states',
  invalidDates: 'Invalid Dates: Start date/time cannot be after or equal to end date/time',
  invalidReportInput: 'Invalid input: Please Check input fields',
  invalidLocationDescription:
    'Invalid Location Description: Please Search and Select one of the description from Dropdown',
  unknownReport: 'This report is not available.',
  reportTakesNoPeriod: 'This report takes no period: it shows how things stand now.',

  // check-in / check-out
  checkInSuccess: 'Check-in successful',
  checkInPending: 'Check-in successful. Remote Device Operation Pending',
  checkInFailed: 'An error has occured while check-in.Please check again',
  checkOutSuccess: 'Check-out successful',
  checkOutPending: 'Check-out successful. Remote Device Operation Pending',
  checkOutFailed: 'Failed to Checkout',
  errorTitle: 'Error! {{statusCode}}',
  pendingTitle: 'Pending!',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Invalid phone number',
  firstNameRequired: 'First name is required',
  invalidEmail: 'Invalid email address',
  alreadyCheckedIn: 'This location is already checked in.',
  notCheckedIn: 'This location is not checked in.',
  checkInNotAllowed: 'This location cannot be checked in.',
  checkInNoMeter: 'A location without a meter cannot be checked in: there is nothing to switch on or bill.',

  // locations
  locationUpdated: 'Location updated successfully',
  locationUpdatePending: 'Update successful. Remote Device Operation Pending',
  locationUpdateFailed: 'An error has occured while updating location.Please check again',
  retryPending: 'Retry successful. Remote Device Operation Pending',
  retryFailed: 'An error has occured while refreshing service point capabilities.Please check again',
  locationHasTransactions:
    'Failed to {{action}} location. There are transaction records associated with the location preventing the deletion.',
  locationActionFailed: 'Failed to {{action}} location',
  locationActionDone: 'Location {{action}}d successfully',
  checkOutFirst: 'Check-out first then delete',
  publicNameTaken: 'Another location already uses this public name.',
  checkedInReadOnly:
    'Description, billing account number and location type cannot be changed while the location is checked in.',
  fieldNotEditable: 'Your role cannot change this field.',
  sameProperty: 'The location is already in this property.',
  locationDescriptionTaken: 'Another location of this property already has this description.',
  moveDescriptionTaken: 'The chosen property already has a location with this description.',
  locationDescriptionRequired: 'Location Description is required',
  fillEmptyRows: 'Fill the empty row(s) first before adding new ones.',
  locationsAdded: 'All locations are added.',
  locationsAddUnable: 'Unable to add locations, try again later.',
  locationsAddFailed: 'Failed to add locations.',
  moveConfirmTitle: 'Are you sure?',
  moveConfirmOne: 'Do you want to move this location?',
  moveConfirmMany: 'Do you want to move these locations?',
  locationMoved: 'Location moved successfully',
  locationsMoved: 'Locations moved successfully',
  moveFailed: 'Failed to move Location',
  moveUnable: 'Unable to move Location',
  moveCheckedIn: 'A checked-in location cannot be moved.',
  selectBusinessPlaceholder: 'Please select a Business Entity',
  selectPropertyPlaceholder: 'Please select a property',
  noBusiness: 'There is not any business !',
  businessFetchFailed: 'Failed to fetch Business. ',
  noSiteInBusiness: 'There is no site in the selected business. Please select another business.',
  propertiesFetchFailed: 'Failed to fetch Properties.',

  // meters
  meterAdded: 'New meter has been added.',
  meterAddUnable: 'Unable to add a new meter, try again later.',
  meterAddFailed: 'Failed to add a new meter.',
  metersAssigned: 'Meter(s) has been added.',
  metersAssignUnable: 'Unable to assign meter(s), try again later.',
  metersAssignFailed: 'Failed to assign meters.',
  meterRemoved: 'The meter has been removed.',
  meterRemoveUnable: 'Unable to remove the new meter, try again later.',
  meterRemoveFailed: 'Failed to remove the meter.',
  noLocationToAssign: 'No location left to assign a meter',
  maxMetersReached: 'A location can have at most 2 meters.',
  meterAlreadyAssigned: 'This meter is already assigned to a location.',
  meterIdLength: 'Meter ids must be 7 characters long.',
  meterNotInStock: 'This meter is not in stock.',
  meterNotOnLocation: 'This meter is not on this location.',
  noMoreMeters: 'This location cannot take another meter.',
  meterCheckedIn: 'Check the location out before removing a meter.',
  meterNameTaken: 'A meter with this id or device key already exists.',
  meterDuplicateInRequest: 'A meter can be assigned to one location only.',
  readingUpdated: 'Meter reading has been updated.',
  readingUpdateUnable: 'Unable to update meter reading, try again later.',
  readingUpdateFailed: 'Failed to update meter reading.',
  readingLowerConfirm: 'The current reading entered is less than the previous reading. Are you sure?',
  onlyInteger: 'Only integer is allowed.',
  onlyIntegerOrDecimal: 'Only integer or decimal is allowed.',
  invalidDecimal: 'Invalid decimal.',
  invalidValue: 'Invalid value.',
  optionUnavailable: 'Option Unavailable',
  readingNotFound: 'Not Found',
  precisionNote: 'Note: Precision is limited to 6 decimals.',
  photoTooLarge: 'The photo may be at most 2 MB.',
  photoNotImage: 'The photo must be a JPEG or PNG image.',
  readingRecorded: 'The reading has been recorded.',
  readingTooOld: 'The reading is too old to be stored.',
  readingBeforeMeter: 'The reading is from before the meter was registered.',
  readingInFuture: 'The reading is dated in the future.',
  readingConflict: 'Another reading of this meter is stored at that time.',
  handReadingRequired: 'Enter the reading of each meter read by hand, or its estimate.',
  readRouteSaved: 'The read route has been saved.',
  importMeterUnknown: 'No meter of this property has this name, device key or location description.',
  importMeterAmbiguous: 'This location has more than one meter: name the meter, or give its unit (kWh or gal).',
  importUnitInvalid: 'The unit must be kWh or gal.',
  importEstimatedInvalid: 'Estimated must be yes or no (or true/false, 1/0).',
  importTimeInvalid: 'The time must be a date and time such as 2026-05-01T08:30:00-06:00.',
  readingAlreadyStored: 'This reading is stored already: nothing new.',
  readingBelowPrevious: 'The reading is below the one before it: a reset or a rollover?',
  readingAboveExpected: "The reading is far above the range the meter's usage makes expected.",
  importHeaderMissing:
    'The first row must name the columns: meter (or location), reading and time; estimated and unit are optional.',
  importColumnTwice: 'The header names the {{column}} column twice.',
  importUnreadable: 'The file cannot be read as CSV from line {{line}} on.',
  importEmpty: 'The file has no rows of readings.',
  readingsImported: '{{accepted}} readings stored.',
  readingsNotImported: 'Nothing was stored: {{refused}} rows were refused.',

  // monitoring and device control
  monitoringUpdated: 'Monitoring updated',
  monitoringFailed: 'Failed to update monitoring',
  deviceNoResponse: 'No response was received from the meter.',
  deviceSuccess: 'The meter was successfully turned ON/OFF as requested.',
  deviceError: 'The meter was not able to be turned ON/OFF due to an error. Result code: {{code}}',

  // properties and business entities (beyond the specification's texts)
  partnerOncePerProperty: 'Each partner can be chosen once per property.',
  integrationKeyTaken: 'This integration key is already used by another property.',
  propertyKeyTaken: 'This property key is already used by another property.',
  provideBusinessName: 'Please provide Business Entity Name',
  businessNameTaken: 'A business entity with this name already exists.',
  businessAdded: 'Business entity added successfully',
  businessUpdated: 'Business entity updated successfully',

  // users (beyond the specification's texts)
  siteNotInBusiness: 'One or more properties do not belong to the chosen business.',

  // tariffs and statements (beyond the specification's texts)
  blocksAscending: 'Each block must end above the one before it.',
  effectiveFromPast: 'A tariff cannot take effect in the past.',
  tariffCreated: 'The tariff has been saved.',
  tariffMomentTaken: 'Another tariff version of this property takes effect at the same moment.',
  statementLinkRevoked: 'The guest link has been revoked.',
  revisionReasonLateReading: 'Readings of the meter that arrived after check-out changed its figures.',
  revisionReasonReadingConfirmed:
    'A reading held back as faster than the meter can deliver was confirmed as real usage.',
  revisionReasonReadingDiscarded: 'A reading held back as faster than the meter can deliver was discarded.',
  revisionReasonMeterRateChanged: "The meter's maximum rate was changed, so its readings were checked again.",
  revisionReasonRuleChanged: "The portal's rules for meter readings were corrected.",
  revisionReasonEstimateReplaced: 'An estimated reading was replaced by an actual reading of the meter.',
  readingConfirmed: 'The reading has been confirmed: its usage counts.',
  readingDiscarded: 'The reading has been discarded: it counts for nothing.',
  readingNotHeldBack: 'Only a reading held back as faster than the meter can deliver can be confirmed or discarded.',
  meterRateSaved: "The meter's maximum rate has been saved.",
  statementLinkIssued: 'A new guest link has been issued.',
  statementLinkExpired: 'The guest link period of this stay has ended.',
  alertsAcknowledged: '{{count}} alert(s) acknowledged.',
  alertsResolved: '{{count}} alert(s) resolved.',
  notificationsSaved: 'Your notification choices have been saved.',
  scheduleLimit: 'A property can have at most 20 scheduled reports.',
  recipientInvitationsLimit:
    'Too many new recipients outside the business today: at most 20 confirmation requests a day. Please try again tomorrow.',
  // API keys
  apiKeyNotAccepted: 'An API key cannot make this call.',
  apiKeyScopeMissing: 'This API key does not have the {{scope}} scope this call needs.',
  apiKeyInvalid: 'The API key is not valid: it is unknown, has expired or was revoked.',
  apiKeyCreated: 'The API key has been created. Copy it now: it will not be shown again.',
  apiKeyRevoked: 'The API key has been revoked.',
  apiKeysLimit: 'A business can hold at most {{max}} API keys.',
  apiKeyExpiryPast: 'The expiry must be in the future.',
  apiKeySitesOutsideBusiness: "Every property of a key must belong to the key's business.",
  // webhooks
  webhookUrlInvalid: 'Enter a web address starting with https:// or http://.',
  webhookPrivateAddress: 'This address is on a private or local network: the portal does not send webhooks there.',
  webhooksLimit: 'A property can have at most {{max}} webhook endpoints.',
  webhookCreated: 'The endpoint has been added. Copy its signing secret now: it will not be shown again.',
  webhookSecretRotated:
    'A new signing secret has been made; for 24 hours deliveries are signed with the old one too. Copy it now: it will not be shown again.',
  webhookEnabled: 'The endpoint has been enabled: the deliveries that waited are being sent.',
  webhookDeleted: 'The endpoint has been deleted.',
  webhookRedelivered: 'The delivery will be sent again now.',
  alertWebhookDisabled:
    '<b>The webhook endpoint {{url}}</b> of {{site}} has been disabled: its deliveries have failed since {{since}}.',
  // reservations from a PMS
  reservationDepartureBeforeArrival: 'The departure must be after the arrival.',
  reservationUnknownLocation: 'No location of this property has this description or billing account number.',
  reservationArrivedCannotCancel: 'The guest has already arrived: check them out (departed) instead of cancelling.',
  reservationSettingsSaved: "The property's check-in of reservations has been saved.",
  recipientConfirmed: 'Thank you: the scheduled reports of this property will be mailed to this address.',
} as const;

export type MessageCode = keyof typeof messages;

/** The values of a message's {{placeholders}}, by name. */
export type MessageParams = Record<string, string | number>;

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(messages, value);
}

/** The English text of a code with its {{placeholders}} filled in. */
export function messageText(code: MessageCode, params: MessageParams = {}): string {
  return messages[code].replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}
