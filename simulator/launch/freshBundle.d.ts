export declare const ROOT: string;
export declare function runsBundle(bundled: string, env?: NodeJS.ProcessEnv): boolean;
