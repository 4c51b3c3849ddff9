import type { EnumValue, ScriptCode } from '../../contracts/index.ts';

export type Script = EnumValue<typeof ScriptCode>;

/** What `script/run` stores with the job: the server as it was when the run started (the job list reads it too). */
export interface ScriptParams {
  server_id: number;
  name: string;
  host: string;
  script: Script;
}
