/** What other features use of businesses: a business that exists, one the caller owns or sees. */
export { businessExists } from './queries';
export { requireOwnedBusiness, requireVisibleBusiness } from './service';
