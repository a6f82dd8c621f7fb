import { describe, expect, it } from 'vitest';
import { parseHubFrame } from './messages';

describe('hub frames', () => {
  it('knows the events by name at start-up and leaves their payload to be checked later', () => {
    expect(parseHubFrame('{"type":"connected","at":"x"}')).toEqual({ type: 'connected', at: 'x' });
    expect(parseHubFrame('{"type":"meterValues","siteId":4}')).toEqual({ type: 'meterValues', siteId: 4 });
    expect(parseHubFrame('{"type":"other"}')).toBeNull();
    expect(parseHubFrame('[{"type":"resync"}]')).toBeNull();
    expect(parseHubFrame('not json')).toBeNull();
    expect(parseHubFrame(42)).toBeNull();
  });
});
