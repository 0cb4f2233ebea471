export declare const HUGE_PAGES_TUNABLE: string;
export declare const HUGE_PAGES_SWITCH: string;
export declare function hugePagesEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv | undefined;
