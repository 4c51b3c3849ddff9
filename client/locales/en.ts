/** Every file of client/locales/en, as one chunk (loaded before the first render in this language). */
export default import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
