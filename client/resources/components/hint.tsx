import { Classes, PopoverNext } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * A hover hint (what Tooltip does) on Blueprint's PopoverNext: the classic Popover behind Tooltip positions
 * content incorrectly under React 19. The target keeps its own aria-label; the hint is for the eye.
 */
export function Hint({ content, children }: { content: string; children: ReactNode }) {
  return (
    <PopoverNext
      content={<span>{content}</span>}
      interactionKind="hover-target"
      placement="top"
      hoverOpenDelay={300}
      popoverClassName={Classes.TOOLTIP}
      autoFocus={false}
      enforceFocus={false}
      arrow
    >
      {children}
    </PopoverNext>
  );
}
