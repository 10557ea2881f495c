import {
  authResponse,
  forgotBody,
  loginBody,
  profile,
  profileUpdateBody,
  registerBody,
  resetPasswordBody,
  verifyBody,
} from './auth';
import { messageSchema } from './common';
import type { Endpoints } from './endpoint';

/** Accounts: register, log in and out, the profile, the phone's code, a forgotten password. */
export const authApi = {
  'POST /api/register': { body: registerBody, status: 201, answer: authResponse },
  'POST /api/login': { body: loginBody, answer: authResponse },
  'POST /api/logout': { answer: messageSchema },
  'GET /api/profile': { answer: profile },
  'POST /api/profile/update': { body: profileUpdateBody, answer: profile },
  'POST /api/varify': { body: verifyBody, answer: messageSchema },
  'GET /api/sendcode': { answer: messageSchema },
  'POST /api/forgot': { body: forgotBody, answer: messageSchema },
  'POST /api/getpassword': { body: resetPasswordBody, answer: messageSchema },
} satisfies Endpoints;
