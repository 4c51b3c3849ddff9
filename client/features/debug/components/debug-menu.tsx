import { Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useEffect, useSyncExternalStore } from 'react';
import { CONTROL_PREFIX } from '../../../../contracts/server-paths.ts';
// The menu's and popover's styles are in the half of Blueprint's CSS the public pages do not load.
import '../../../components/blueprint-rest.ts';
import type { EffectQueue } from '../effects/effect-shipping.ts';
import type { Recorder } from '../effects/recorder.ts';
import { exportScenario } from '../export-scenario.ts';
import styles from './debug-menu.module.css';

const WINDOWS = [5, 15, 60] as const;

function download(recorder: Recorder, minutes: number) {
  const stamp = new Date(recorder.now()).toISOString().replace(/[:.]/g, '-');
  const name = `exported-${stamp}`;
  const scenario = exportScenario(recorder, minutes * 60_000, `exported: last ${minutes} min of a dev session (${stamp})`);
  const blob = new Blob([JSON.stringify(scenario, null, 2) + '\n'], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.json`;
  a.click();
  URL.revokeObjectURL(a.href);
}

/**
 * Alt+Shift+Q opens the QA cockpit beside the console. Read by the key's place (`code`), not its character:
 * with Alt held, layouts give the letter as another character (Blueprint's hotkeys match characters).
 */
const isCockpitHotkey = (e: KeyboardEvent) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyQ';

/**
 * Open the QA cockpit (served by the mock under the control prefix, docs/mock-and-qa-tools.md#the-qa-cockpit) in a
 * window of its own beside the console, in the console's language and theme; the same window is reused.
 */
function openCockpit() {
  const lng = document.documentElement.lang === 'en' ? 'en' : 'zh-CN';
  const theme = document.body.classList.contains(Classes.DARK) ? 'dark' : 'light';
  window.open(`${CONTROL_PREFIX}/cockpit/?lng=${lng}&theme=${theme}`, 'qa-cockpit');
}

/**
 * DEV ONLY (rendered behind `import.meta.env.DEV`, so production builds drop it and this whole folder).
 * A small fixed button with the debug menu: export the recent event stream as a QA scenario file
 * (fixtures/scenarios/), which tests/scenarios/replay.test.ts replays.
 */
export function DebugMenu({ recorder, shipping }: { recorder: Recorder; shipping: EffectQueue }) {
  useSyncExternalStore(shipping.subscribe, shipping.version);
  const shippingState = shipping.state();
  const { sent, lost } = shipping.counts();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isCockpitHotkey(e)) return;
      e.preventDefault();
      openCockpit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div className={styles.dock}>
      {/* PopoverNext (floating-ui), as every popover of the console: the legacy react-popper Popover never
          positioned itself here (it stayed in the page's top-left corner, far from this button). */}
      <PopoverNext
        placement="top-end"
        content={
          <Menu aria-label="Debug menu">
            <MenuDivider title="Event stream (dev build only)" />
            {WINDOWS.map((m) => (
              <MenuItem key={m} icon="document" text={`Export the last ${m} minutes as a scenario`} onClick={() => download(recorder, m)} />
            ))}
            <MenuDivider title="QA tools (the mock in dev or test mode)" />
            <MenuItem icon="dashboard" text="Open the QA cockpit" label="Alt+Shift+Q" onClick={openCockpit} />
            {/* On by default: the cockpit's time line then has the effects from the page's first moment. */}
            <MenuItem
              icon={shippingState === 'on' ? 'tick' : 'blank'}
              text="Send saga effects to the cockpit"
              label={shippingState === 'absent' ? 'no control API here' : `${sent} sent${lost ? `, ${lost} lost` : ''}`}
              disabled={shippingState === 'absent'}
              shouldDismissPopover={false}
              onClick={() => shipping.setOn(shippingState !== 'on')}
            />
          </Menu>
        }
      >
        <Button icon="lab-test" variant="outlined" size="small" aria-label="Debug menu" text="Debug" />
      </PopoverNext>
    </div>
  );
}
