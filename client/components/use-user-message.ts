import { useTranslation } from 'react-i18next';
import type { UserMessage } from '../state/message.ts';

/** Render a UserMessage in the current language (a server text is shown as sent: it is already translated). */
export function useUserMessage(): (m: UserMessage | undefined) => string | undefined {
  const { t } = useTranslation();
  return (m) => (m ? ('text' in m ? m.text : t(m.key, m.vars ?? {})) : undefined);
}
