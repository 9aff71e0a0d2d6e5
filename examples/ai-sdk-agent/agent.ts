/**
 * An AI SDK agent that remembers across sessions. Each run is one session: the memory middleware
 * gives the model the memory home's frozen context and the memories relevant to the message, and
 * the memory tools let it save what it learns. Any OpenAI-compatible server works (OpenAI, Ollama,
 * vLLM, LM Studio), configured as for `mnemo chat`:
 *
 *   export MNEMO_LLM_BASE_URL=http://localhost:11434/v1 MNEMO_LLM_MODEL=llama3.2   # or OPENAI_API_KEY=...
 *   npx tsx examples/ai-sdk-agent/agent.ts "My cat is called Miso."
 *   npx tsx examples/ai-sdk-agent/agent.ts "What is my cat called?"
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, stepCountIs, wrapLanguageModel } from "ai";
import { openMemory } from "mnemo";
import { CHAT_MODEL_SETUP_HELP } from "mnemo/agent";
import { memoryMiddleware, memoryTools } from "mnemo/ai-sdk";

const message = process.argv.slice(2).join(" ").trim();
if (message === "") {
  console.error('Usage: agent.ts "your message"');
  process.exit(2);
}

const memory = await openMemory(); // MNEMO_HOME, else ~/.mnemo
const { baseUrl, model: modelName } = memory.config.llm;
if (modelName === undefined) {
  console.error(CHAT_MODEL_SETUP_HELP);
  process.exit(2);
}
const provider = createOpenAICompatible({
  name: "openai-compatible",
  baseURL: baseUrl ?? "https://api.openai.com/v1",
  apiKey: process.env.MNEMO_LLM_API_KEY ?? process.env.OPENAI_API_KEY,
});

try {
  const model = wrapLanguageModel({
    model: provider.chatModel(modelName),
    middleware: memoryMiddleware(memory),
  });
  const { text, steps } = await generateText({
    model,
    system: "You are a friendly assistant. Save what the user tells you about themselves.",
    tools: memoryTools(memory),
    stopWhen: stepCountIs(5),
    prompt: message,
  });
  for (const call of steps.flatMap((step) => step.toolCalls)) console.error(`[tool] ${call.toolName}`);
  console.log(text);
} finally {
  await memory.close();
}
