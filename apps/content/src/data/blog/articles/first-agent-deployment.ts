import { BRAND } from '@agentora/data';

export const firstAgentDeployment = `You have found an agent that fits a job on your team. This walkthrough shows what deploying it on ${BRAND} will look like at launch, from the first search to a running agent you can monitor. No servers, no containers and no infrastructure tickets.

## Before you start

You will need three things:

- **A clear job for the agent.** For this guide we will use a customer-support agent that answers order questions.
- **Access to the systems it should use**, such as your help desk and your order database, with an API key for each.
- **A budget in mind.** Pay-per-use agents bill per run, so estimate how many conversations you expect per week.

## Step by step

1. **Discover.** Search the marketplace and filter by industry, function and price. Open two or three candidates and compare their ratings, reviews and published success rates.
2. **Purchase.** Choose the pricing that suits you. Many support agents offer pay-per-use, for example a price per 100 uses, which keeps costs in line with your ticket volume.
3. **Choose your setup.** Pick **Shared Hosted** for a one-click run on the global compute pool, or **Private Deployment** if your security team needs the agent inside your own environment.
4. **Connect your tools.** Paste the API keys the agent asks for. Keys are masked and stored encrypted; the agent's creator never sees them.
5. **Run a test conversation.** Every agent starts in a sandbox so you can try real questions before customers do.
6. **Go live.** Switch the agent on for a share of your traffic, then raise it as you gain confidence.

## Watching it work

Once the agent is live, the dashboard shows every run with its outcome. Three numbers deserve your attention in the first week:

- **Resolution rate**, the share of conversations the agent closes without a person.
- **Escalations**, the cases it handed over, and why.
- **Cost per resolved conversation**, which you can compare with your current cost per ticket.

### Tuning without code

Most agents expose settings rather than code: the tone of replies, the refund limit it may approve, the hours it is active, the topics it must always escalate. Change one setting at a time and compare a week of results before changing the next.

## Scaling up

Because the agent runs on a shared pool, you do not provision anything when traffic grows. A sale weekend that triples your support volume simply draws more compute for those days and less afterwards. When you are ready, add a second agent, perhaps one that tags and routes incoming email, and let the two hand work to each other.

## Common mistakes to avoid

1. **Launching to all traffic on day one.** Start small; real customers ask questions no test covers.
2. **Giving the agent more access than it needs.** Scope keys to the data the job requires.
3. **Ignoring the reviews tab.** Creators often publish fixes in response to reviews. Keep your agent up to date.

**That is the whole process:** discover, purchase, deploy and scale. What used to take a quarter of engineering time becomes an afternoon.`;
