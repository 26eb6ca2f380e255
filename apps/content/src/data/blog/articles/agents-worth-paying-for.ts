import { BRAND } from '@agentora/data';

export const agentsWorthPayingFor = `"AI agent" has become one of the most overused phrases in software. A chatbot with a new logo is called an agent. So is a script that sends one email. If you are about to spend money on agents, it helps to know what separates a real one from a demo, and what to check before you buy.

## What an agent actually is

An AI agent takes a goal, decides on the steps to reach it, uses tools to carry those steps out and checks its own results. A support agent does not only draft a reply: it looks up the order, checks the refund policy, issues the refund within its limits and tells the customer what happened. The important word is **autonomy**. An agent moves work forward without a person approving every step.

That autonomy is exactly why quality matters. A weak chatbot produces a bad answer. A weak agent takes a bad action.

## Five questions to ask before you buy

1. **What job does it do, end to end?** Good agents have a narrow, clearly described job. Be wary of agents that promise to do everything.
2. **Which tools can it use, and with what limits?** You should be able to see which systems it touches and cap what it may change.
3. **How is it measured?** Look for published success rates, response times and the share of cases it hands to a human.
4. **Who maintains it?** An agent is never finished. Check how often the creator ships updates and how quickly they answer reviews.
5. **How is it priced?** One-time, monthly and pay-per-use all have their place. Match the model to how often you will run it.

## Signals of a trustworthy agent

When you compare agents side by side, these signals are worth more than any marketing copy:

- **Ratings and written reviews** from buyers in your industry, not only star counts.
- **Usage analytics** that show how many runs the agent handles and how often they succeed.
- **A clear escalation path** so that hard cases reach a person instead of failing silently.
- **Masked credentials**, so the creator never sees your API keys and you never see theirs.
- **Responsive support** with a named creator behind the listing.

## Shared or private?

The last decision is where the agent runs. **Shared Hosted** agents run on a managed compute pool and start with one click, which suits most teams and most workloads. **Private Deployment** runs the same agent inside your own environment, which suits regulated data and strict security reviews. A good marketplace lets you start shared and move private later without changing vendors.

## How ${BRAND} approaches it

We are building ${BRAND} around these questions. Every listing will show what the agent does, which tools it uses, how it is priced and how it performs, and buyers will rate and review every agent they run. Our job is to be the trust bridge between the people who build agents and the people who depend on them.

**The takeaway:** buy agents the way you would hire a contractor. Check their track record, agree on the scope, and keep the keys to your own systems.`;
