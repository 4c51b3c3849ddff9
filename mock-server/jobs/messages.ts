import { translate, type Locale } from '../../contracts/index.ts';

/**
 * Texts of job rows (stored as `jobs.<key>` with values). Only the server words them, so they stay out of the
 * shared catalogue the console downloads on its first load; other keys (errors.*) come from the shared one.
 */
const JOB_MESSAGES: Record<Locale, Record<string, string>> = {
  en: {
    interrupted: 'Interrupted: the server stopped while this job was running',
    exported: '{{rows}} rows exported',
    exported_truncated: 'The first {{rows}} rows exported (the limit)',
    updated: '{{updated}} QR codes updated',
    collected: '{{done}} wallets collected ({{amount}} USDT), {{failed}} failed',
    synced: '{{done}} wallet balances synced',
    script_done: 'Script finished: {{lines}} lines of output',
  },
  'zh-CN': {
    interrupted: '异常：任务运行时服务器停止了',
    exported: '已导出 {{rows}} 行',
    exported_truncated: '已导出前 {{rows}} 行（上限）',
    updated: '已修改 {{updated}} 个二维码',
    collected: '已归集 {{done}} 个钱包（{{amount}} USDT），失败 {{failed}} 个',
    synced: '已同步 {{done}} 个钱包余额',
    script_done: '脚本已完成：输出 {{lines}} 行',
  },
};

export function translateJobMessage(key: string, locale: Locale, vars: Record<string, string | number>): string {
  const own = key.startsWith('jobs.') ? JOB_MESSAGES[locale][key.slice(5)] : undefined;
  if (own === undefined) return translate(key, locale, vars);
  return own.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}
