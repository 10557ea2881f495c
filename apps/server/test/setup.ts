import { setPasswordHashCost } from '../src/lib/crypto';

// Every API test file: password hashes at the tests' light cost (see setPasswordHashCost). The
// tests of the production parameters set them back themselves.
setPasswordHashCost('light');
