<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} · racegen</title>
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<header><a class="home" href="/">racegen</a> <span class="where">{{title}}</span>
<nav><a href="/">Printables</a> <a href="/kits">Kits</a> <a href="/play">Play Graph Racers</a> <a href="/play/trading-paint">Trading Paint puzzles</a> <a href="/triactor/settle">Triactor settle</a> <a href="/check/graph-racers">Check answers</a></nav></header>
<main>
% if error:
<p class="error" role="alert" id="error">Error: {{error}}</p>
% end
{{!body}}
</main>
<footer>racegen {{version}} · served from this computer only; nothing leaves it.</footer>
% for s in scripts:
<script src="/static/{{s}}"></script>
% end
</body>
</html>
