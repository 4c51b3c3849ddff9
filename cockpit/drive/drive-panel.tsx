import { Divider } from '@blueprintjs/core';
import { useState } from 'react';
import { HttpFaultForm } from './http-fault-form.tsx';
import { PushForm } from './push-form.tsx';
import { SimulatorsForm } from './simulators-form.tsx';
import { SocketForm } from './socket-form.tsx';
import { StatesPanel } from './states-panel.tsx';

/** Everything that drives the mock: HTTP faults, a user's socket, pushes, states, the chain and the checker. */
export function DrivePanel({ hint }: { readonly hint: string }) {
  // The user the socket forms act on: typed, else the selected entry's (or the newest on the time line).
  const [account, setAccount] = useState('');
  const who = account || hint;
  return (
    <div className="drive">
      <HttpFaultForm />
      <Divider />
      <SocketForm account={who} onAccount={setAccount} />
      <Divider />
      <PushForm account={who} />
      <Divider />
      <StatesPanel />
      <Divider />
      <SimulatorsForm />
    </div>
  );
}
