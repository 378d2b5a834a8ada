import { createContext, useContext } from 'react';
import type { ClientMessage, LiveMessage } from './live-updates';

/**
 * Per-screen subscriptions over the one live socket (`join_chat`…): a screen asks for a
 * subscription and hears the messages that follow; the request is sent again after every
 * (re)connect, because the server forgets a socket's subscriptions when it closes. Nothing here
 * knows a feature: requests and messages are the /ws contract's (`@wager/domain/contracts/ws`).
 */
export interface LiveChannel {
  /** Sends now if the socket is authenticated; false otherwise. */
  send(message: ClientMessage): boolean;
  /** Sends `request` now and after every reconnect, and hands `listener` every message; returns the unsubscribe. */
  subscribe(request: ClientMessage | null, listener: (message: LiveMessage) => void): () => void;
}

export interface LiveChannelHub extends LiveChannel {
  /** The socket in use (null without one): the provider attaches the live-updates client. */
  attach(sender: ((message: ClientMessage) => boolean) | null): void;
  /** The socket is (again) authenticated: replay every subscription request. */
  ready(): void;
  /** A message from the socket, for every listener. */
  receive(message: LiveMessage): void;
}

export function createLiveChannel(): LiveChannelHub {
  let sender: ((message: ClientMessage) => boolean) | null = null;
  const subscriptions = new Set<{ request: ClientMessage | null; listener: (message: LiveMessage) => void }>();
  const send = (message: ClientMessage) => (sender ? sender(message) : false);
  return {
    send,
    subscribe(request, listener) {
      const subscription = { request, listener };
      subscriptions.add(subscription);
      if (request) send(request);
      return () => {
        subscriptions.delete(subscription);
      };
    },
    attach(next) {
      sender = next;
    },
    ready() {
      for (const { request } of subscriptions) if (request) send(request);
    },
    receive(message) {
      for (const { listener } of [...subscriptions]) listener(message);
    },
  };
}

/** Without a live-updates provider (component tests without a socket) nothing is sent. */
export const LiveChannelContext = createContext<LiveChannel>(createLiveChannel());

export function useLiveChannel(): LiveChannel {
  return useContext(LiveChannelContext);
}
