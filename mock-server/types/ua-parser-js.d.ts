/**
 * Types for the part of ua-parser-js 1.x we use (mock-server/visit-rules/user-agent.ts). The 1.x package ships no
 * declarations and `@types/ua-parser-js` describes 0.7; this is checked against 1.0.41's `getResult()`.
 */
declare module 'ua-parser-js' {
  interface UAParserPart {
    name?: string;
    version?: string;
  }
  export interface UAParserResult {
    ua: string;
    browser: UAParserPart & { major?: string };
    engine: UAParserPart;
    os: UAParserPart;
    device: { model?: string; type?: string; vendor?: string };
    cpu: { architecture?: string };
  }
  export class UAParser {
    constructor(userAgent?: string);
    getResult(): UAParserResult;
  }
}
