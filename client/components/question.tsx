import { Alert, type AlertProps } from '@blueprintjs/core';

/**
 * The console's one way to ask before an action: Blueprint's Alert, but Escape answers "Cancel" (Alert's own
 * default keeps the question open on Escape, so a person who pressed it is left stuck in front of it). Every
 * question goes through here (lint forbids Alert elsewhere), so none can forget it.
 */
export function Question(props: AlertProps) {
  return <Alert canEscapeKeyCancel {...props} />;
}
