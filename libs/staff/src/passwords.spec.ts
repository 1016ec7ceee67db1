import { generatePassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt, and verifies only the same password', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b); // the salt differs
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('writes the cost it was given into the hash and verifies with the cost the hash carries', async () => {
    const cheap = await hashPassword('fixture', { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('fixture', cheap)).toBe(true);
    expect(await verifyPassword('fixture', cheap.replace('$1024$', '$2048$'))).toBe(false);
  });

  it('treats a malformed or foreign hash as no match', async () => {
    for (const stored of ['', 'plain-text', 'bcrypt$2b$10$abc', 'scrypt$32768$8$1$$'])
      expect(await verifyPassword('x', stored)).toBe(false);
  });

  it('generates 24-character URL-safe passwords, different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    expect(passwords.size).toBe(50);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
