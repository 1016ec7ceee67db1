import { SignInThrottle } from './login-throttle';

describe('the address a sign-in counts under', () => {
  it('is the IPv4 address itself, mapped or not', () => {
    expect(SignInThrottle.addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(SignInThrottle.addressKey('::ffff:10.1.2.3')).toBe('::ffff:10.1.2.3');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(SignInThrottle.addressKey('2001:db8:0:1::5')).toBe(key);
    expect(SignInThrottle.addressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe(key);
    expect(SignInThrottle.addressKey('2001:DB8:0:1:aaaa::')).toBe(key);
    expect(SignInThrottle.addressKey('::1')).toBe('0:0:0:0::/64');
    expect(SignInThrottle.addressKey(null)).toBe('unknown');
  });
});
