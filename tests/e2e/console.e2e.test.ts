import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useConsole } from './helpers/console.ts';

/**
 * Issue 2 in a real browser: the built console served by an in-process mock server (fresh ':memory:'
 * database). The cases run in order and share one browser profile (its localStorage is the "device").
 */
const app = useConsole();
let page: Page;

beforeAll(async () => {
  page = await app.open('#/admin_login');
  // The console has taken the page over (its login form is live) before a case changes the address.
  await page.getByLabel('账号').waitFor();
}, 180_000);


async function logout(p: Page) {
  await p.getByRole('button', { name: /用户菜单|User menu/ }).click();
  await p.getByRole('menuitem', { name: /退出登录|Log out/ }).click();
  await p.getByRole('alertdialog').getByRole('button', { name: /退出登录|Log out/ }).click();
  await p.waitForURL(/#\/admin_login$/);
}

describe('console (issue 2)', () => {
  it('registers from /admin_register?code=AGENT01 and lands on the first menu path', async () => {
    await page.goto(`${app.url}#/admin_register?code=AGENT01`);
    const code = page.getByLabel('邀请码');
    await expect.poll(() => code.inputValue()).toBe('AGENT01');
    expect(await code.getAttribute('readonly')).not.toBeNull(); // locked: invitation_code_editable is off

    await page.getByLabel('账号').fill('newcust01');
    await page.getByLabel('密码', { exact: true }).fill('Abc123456');
    await page.getByLabel('确认密码').fill('Abc123456');
    await page.getByRole('button', { name: '注册' }).click();

    await page.waitForURL(/#\/customer\/[a-z_]+$/, { timeout: 15_000 });
    // The page opened is the first leaf of the menu the server gave this new customer.
    const nav = page.getByRole('navigation', { name: '主导航' });
    const firstLeaf = await nav.locator('a[href^="#/customer/"]').first().getAttribute('href');
    expect(new URL(page.url()).hash).toBe(firstLeaf);
    await expect.poll(() => page.getByRole('button', { name: '用户菜单' }).textContent()).toContain('newcust01');
  });

  it('logs out (with confirmation)', async () => {
    await logout(page);
    await expect.poll(() => page.getByRole('heading', { name: '登录' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('with registration closed, shows the prompt instead of the register link and a closed register page', async () => {
    const settings = app.server.mock.services.settings;
    const open = settings.require('subscriber_config_default');
    settings.set('subscriber_config_default', { ...open, allow_register: false, no_register_prompt: '仅限邀请注册，请联系您的代理' });
    try {
      await page.reload();
      await page.getByText('仅限邀请注册，请联系您的代理').waitFor({ timeout: 10_000 });
      expect(await page.getByRole('link', { name: '立即注册' }).count()).toBe(0);
      await page.goto(`${app.url}#/admin_register?code=AGENT01`);
      await page.getByRole('heading', { name: '暂未开放注册' }).waitFor();
      expect(await page.getByLabel('账号').count()).toBe(0);
      await page.getByRole('link', { name: /登录/ }).click();
      await page.waitForURL(/#\/admin_login$/);
    } finally {
      settings.set('subscriber_config_default', open);
    }
    await page.reload();
    await page.getByRole('link', { name: '立即注册' }).waitFor({ timeout: 10_000 });
  });

  it('shows the server message for a wrong password, in the user language', async () => {
    await page.getByLabel('账号').fill('customer01');
    await page.getByLabel('密码', { exact: true }).fill('Wrong12345');
    await page.getByRole('button', { name: '登录' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '账号或密码错误' });
    await alert.waitFor({ timeout: 10_000 });
    expect(page.url()).toMatch(/#\/admin_login$/);
  });

  it('shows the §5 messages inline before calling the server', async () => {
    await page.getByLabel('账号').fill('');
    await page.getByLabel('密码', { exact: true }).fill('');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入密码').waitFor();
  });

  it('logs in and opens the first menu leaf', async () => {
    await page.getByLabel('账号').fill('customer01');
    await page.getByLabel('密码', { exact: true }).fill('Customer123');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/customer\/[a-z_]+$/, { timeout: 15_000 });
    const nav = page.getByRole('navigation', { name: '主导航' });
    expect(new URL(page.url()).hash).toBe(await nav.locator('a[href^="#/customer/"]').first().getAttribute('href'));
  });

  it('switches language and theme, and both survive a reload', async () => {
    await page.getByLabel('语言').selectOption('en');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor({ timeout: 10_000 });
    expect(await page.getByLabel('Language').inputValue()).toBe('en');
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 21, 21)');
    expect(await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('language')])).toEqual(['2', 'en']);
  });

  it('answers "no permission" for a route the role lacks, and 404 for an unknown one', async () => {
    await page.goto(`${app.url}#/customer/role`);
    await page.getByRole('heading', { name: 'No permission' }).waitFor({ timeout: 10_000 });
    await page.goto(`${app.url}#/customer/no_such_route`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('threw no uncaught error in any page', () => {
    expect(app.pageErrors).toEqual([]);
  });
});
