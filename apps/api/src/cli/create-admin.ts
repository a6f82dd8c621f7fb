// npm run create-admin -- --email admin@example.com --password 'S3cret#pass' [--first Ada --last Admin]
// Creates the first Administrator outside demo mode, or resets an existing one's password.
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { Role, newPassword, requiredEmail } from '@portal/contract';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { userAccounts } from '../db/schema';
import { seedLookups } from '../db/seed/lookups';
import { createAccount } from '../features/auth/queries';
import { hashPassword } from '../features/auth/passwords';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
  },
});
const email = requiredEmail.safeParse(values.email);
const password = newPassword.safeParse(values.password);
if (!email.success || !password.success) {
  console.error('Usage: npm run create-admin -- --email you@example.com --password <password>');
  if (!password.success)
    console.error('The password needs 8+ characters with a lowercase, an uppercase, a digit and a special character.');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await seedLookups(database.db);
  const passwordHash = await hashPassword(password.data);
  const [existing] = await database.db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = lower(${email.data})`);
  if (existing) {
    await database.db
      .update(userAccounts)
      .set({
        passwordHash,
        roleId: Role.Administrator,
        active: true,
        tokenVersion: sql`${userAccounts.tokenVersion} + 1`,
      })
      .where(eq(userAccounts.id, existing.id));
    console.log(`Administrator ${email.data} updated.`);
  } else {
    await createAccount(database.db, {
      email: email.data,
      username: null,
      passwordHash,
      firstName: values.first ?? 'Portal',
      lastName: values.last ?? 'Administrator',
      roleId: Role.Administrator,
      active: true,
    });
    console.log(`Administrator ${email.data} created.`);
  }
} finally {
  await database.close();
}
