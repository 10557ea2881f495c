import { afterAll } from 'vitest';
import { setPasswordHashCost } from '../src/lib/crypto';
import { runFileEnd } from './cleanup';

// Every API test file: password hashes at the tests' light cost (see setPasswordHashCost). The
// tests of the production parameters set them back themselves.
setPasswordHashCost('light');

// What the helpers started (apps, databases, folders) is stopped once the file is done.
afterAll(runFileEnd, 120_000);
