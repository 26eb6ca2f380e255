import { memoryAudience, type AudienceState } from './audience.ts';

// An audience kept across restarts (the local Supabase server's, in its data dir): onSave hears of every
// change, of contacts, segments and memberships alike, and an audience restored from the last state holds
// exactly what the first held, its memberships' order and times included.
describe('memoryAudience state', () => {
  it('saves after every change and restores what it held', () => {
    const saves: AudienceState[] = [];
    let clock = Date.UTC(2026, 0, 1);
    const first = memoryAudience({ now: () => (clock += 1000), onSave: (s) => saves.push(s) });
    const news = first.createSegment('Agentora newsletter');
    const wait = first.createSegment('Agentora waitlist');
    const ada = first.createContact({ email: 'ada@example.com' }, [news.id]).contact;
    const bob = first.createContact({ email: 'bob@example.com', unsubscribed: true }, []).contact;
    first.addToSegment(bob.id, wait.id);
    first.addToSegment(ada.id, wait.id);
    first.updateContact(ada.id, { unsubscribed: true });
    first.removeFromSegment(bob.id, wait.id);
    const carl = first.createContact({ email: 'carl@example.com' }, [news.id]).contact;
    first.deleteContact(carl.id);
    // 2 segments, 3 creations, 2 additions, an update, a removal, a deletion.
    expect(saves).toHaveLength(10);
    expect(saves[saves.length - 1]).toEqual(first.state());

    const second = memoryAudience({ restore: saves[saves.length - 1] });
    expect(second.view()).toEqual(first.view());
    expect(second.memberships(ada.id)).toEqual(first.memberships(ada.id));
    expect(second.contact('ada@example.com')?.id).toBe(ada.id);
    // A creation for an address it has answers the same contact, as before the restart.
    expect(second.createContact({ email: 'ada@example.com' }, []).created).toBe(false);
  });

  it('a creation that finds the address taken saves nothing', () => {
    let saved = 0;
    const audience = memoryAudience({ onSave: () => (saved += 1) });
    audience.createContact({ email: 'ada@example.com' }, []);
    audience.createContact({ email: 'ada@example.com' }, []);
    expect(saved).toBe(1);
  });
});
