import { createContext, useContext } from 'react';
import type { LiveStatus } from '@/lib/live-connection';

/** The event stream's state; 'off' when nobody is signed in. */
export const LiveStatusContext = createContext<LiveStatus | 'off'>('off');

export const useLiveStatus = () => useContext(LiveStatusContext);
