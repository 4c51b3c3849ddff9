import { userInfo, type UserInfo } from '../../contracts/index.ts';

/**
 * The stored user info (§9 key `user_info`) when it still matches the contract, else null (the stored session
 * is then dropped). Its own module: it brings zod, which the login page's first load does without (main.tsx
 * imports it only when a token is stored).
 */
export function parseStoredUserInfo(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const parsed = userInfo.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
