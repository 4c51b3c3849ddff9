/** Every file of client/locales/zh-CN, as one chunk (loaded before the first render in this language). */
export default import.meta.glob<Record<string, unknown>>('./zh-CN/*.json', { eager: true, import: 'default' });
