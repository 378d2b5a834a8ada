import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

/** Tabs over radix-ui; each tab is a trigger (role tab) and its panel. */
export function Tabs(props: {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  label: string;
  tabs: { value: string; label: ReactNode; content: ReactNode; testId?: string }[];
}) {
  return (
    <TabsPrimitive.Root className="tabs" value={props.value} defaultValue={props.defaultValue} onValueChange={props.onValueChange}>
      <TabsPrimitive.List className="tabs-list" aria-label={props.label}>
        {props.tabs.map((tab) => (
          <TabsPrimitive.Trigger key={tab.value} value={tab.value} className="tabs-trigger" data-testid={tab.testId}>
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {props.tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value} className="tabs-content">
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
